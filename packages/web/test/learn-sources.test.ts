/** The rules page's sources: plain citations, linked where they can be read online (no browser). */
import { VARIANTS, VARIANT_IDS } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { SOURCE_LINKS } from '../src/learn-sources.ts';

describe('rules page sources', () => {
  const cited = new Set(VARIANT_IDS.flatMap((id) => VARIANTS[id].sources));

  it('every link belongs to a source some variant cites (the texts match exactly)', () => {
    for (const source of SOURCE_LINKS.keys()) expect(cited, source).toContain(source);
    for (const url of SOURCE_LINKS.values()) expect(url).toMatch(/^https?:\/\/[a-z0-9.-]+\//);
  });

  it('every variant has a source one can read online, and none names our own files', () => {
    for (const id of VARIANT_IDS) {
      const def = VARIANTS[id];
      expect(
        def.sources.some((s) => SOURCE_LINKS.has(s)),
        id,
      ).toBe(true);
      for (const text of [...def.sources, ...def.decisions])
        expect(text, id).not.toMatch(/RULES\.md|\bseeds?\b|§/);
    }
  });
});
