/** The web app's page paths (app-pages.ts): the pages there are, and the paths that are none. */
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS } from '@citadel/core';
import { isAppPage } from '../src/index.ts';

describe('isAppPage', () => {
  it('knows every page of every variant, the plain pages, games and players', () => {
    for (const page of ['play', 'learn', 'analyse', 'editor'])
      for (const id of VARIANT_IDS) {
        expect(isAppPage(`/${page}/${id}`), `${page} ${id}`).toBe(true);
        expect(isAppPage(`/${page}/${id}/`), `${page} ${id}/`).toBe(true);
      }
    for (const path of [
      '/',
      '/archive',
      '/lobby',
      '/games',
      '/games/',
      '/tournaments',
      '/play',
      '/editor/',
    ])
      expect(isAppPage(path), path).toBe(true);
    expect(isAppPage('/game/abcdEFGH_1')).toBe(true);
    expect(isAppPage('/player/alice')).toBe(true);
    expect(isAppPage('/tournament/abcdEFGH_1')).toBe(true);
  });

  it('refuses unknown pages, unknown variants and malformed arguments', () => {
    for (const path of [
      '/nonsense',
      '/play/xiangqi',
      '/play/tamerlane%20x',
      '/play/tamer%6Cane',
      '/play/tamerlane/extra',
      '/learn/constructor',
      '/analyse/__proto__',
      '/game/short',
      '/game/abcdEFGH_1/moves',
      '/game',
      '/player/a',
      '/player/al ice',
      '/archive/x',
      '/tournament/short',
      '/tournament',
      '/tournaments/x',
      '/api',
    ])
      expect(isAppPage(path), path).toBe(false);
  });
});
