/**
 * A small Betza reader for the simple pieces (docs/design.md principle 5): it turns a string such
 * as `fmWfcF` or `RN` into direction lists once, when a variant is compiled; nothing is parsed
 * while moves are generated. Supported: leaper atoms W F D N A H C Z G, K (= WF), riders
 * R B Q, and the modifiers m (move only), c (capture only), f (forward only) before an atom.
 * The multi-leg giraffe and the picket's long slides are not Betza input here: `piece-kinds.ts`
 * flags them (`giraffe`, `longSlides`), `ruleset.ts` compiles the flags and `pseudo-moves.ts`
 * generates their moves.
 */

export const MODE_BOTH = 0;
export const MODE_MOVE = 1;
export const MODE_CAPTURE = 2;
export type MoveMode = typeof MODE_BOTH | typeof MODE_MOVE | typeof MODE_CAPTURE;

/** A leap or slide direction, `dy` positive = forward for the piece's owner. */
export interface Vector {
  readonly dx: number;
  readonly dy: number;
  readonly mode: MoveMode;
}

const LEAPERS: Record<string, readonly [number, number]> = {
  W: [1, 0],
  F: [1, 1],
  D: [2, 0],
  N: [2, 1],
  A: [2, 2],
  H: [3, 0],
  C: [3, 1],
  Z: [3, 2],
  G: [3, 3],
};
const RIDERS: Record<string, string> = { R: 'W', B: 'F', Q: 'WF' };

/** All eight (or four) symmetric images of the leap (a, b). */
export function symmetricVectors(a: number, b: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const seen = new Set<string>();
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const)
    for (const sx of [1, -1])
      for (const sy of [1, -1]) {
        const v: [number, number] = [x * sx, y * sy];
        const key = `${v[0]},${v[1]}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(v);
        }
      }
  return out;
}

export interface BetzaMoves {
  readonly leaps: Vector[];
  readonly slides: Vector[];
}

/** Parses a Betza string of the supported subset; throws on anything else (data errors are bugs). */
export function parseBetza(text: string): BetzaMoves {
  const leaps: Vector[] = [];
  const slides: Vector[] = [];
  let i = 0;
  while (i < text.length) {
    let mods = '';
    while (i < text.length && 'mcf'.includes(text[i]!)) mods += text[i++];
    const atom = text[i++];
    if (atom === undefined) throw new Error(`Betza '${text}': modifier without atom`);
    const mode: MoveMode = mods.includes('m')
      ? MODE_MOVE
      : mods.includes('c')
        ? MODE_CAPTURE
        : MODE_BOTH;
    const forwardOnly = mods.includes('f');
    const expand = (letters: string, into: Vector[]): void => {
      for (const l of letters) {
        const leap = LEAPERS[l];
        if (!leap) throw new Error(`Betza '${text}': unknown atom ${l}`);
        for (const [dx, dy] of symmetricVectors(leap[0], leap[1]))
          if (!forwardOnly || dy > 0) into.push({ dx, dy, mode });
      }
    };
    if (atom === 'K') expand('WF', leaps);
    else if (RIDERS[atom]) expand(RIDERS[atom], slides);
    else expand(atom, leaps);
  }
  return { leaps, slides };
}
