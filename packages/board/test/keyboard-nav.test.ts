import { describe, expect, it } from 'vitest';
import { BoardLayout, arrowTarget, reachableByArrows, type Side } from '../src/index.ts';
import { PLAIN_8X8, SIDE_CITADELS, cornerCitadels, layoutFrom } from './layouts.ts';

const SHAPES: ReadonlyArray<[string, readonly string[]]> = [
  ['corner citadels 10x10', cornerCitadels(10)],
  ['corner citadels 9x9', cornerCitadels(9)],
  ['side citadels', SIDE_CITADELS],
  ['plain 8x8', PLAIN_8X8],
];

describe('arrow keys', () => {
  for (const [name, picture] of SHAPES)
    for (const side of ['white', 'black'] as Side[])
      it(`reach every cell of ${name} from the entry cell (${side} below)`, () => {
        const layout = new BoardLayout(layoutFrom(picture, side));
        expect([...reachableByArrows(layout)].sort()).toEqual(
          layout.cells.map((c) => c.square).sort(),
        );
      });

  it('step to the next cell in line on a plain board and stop at the edge', () => {
    const l = new BoardLayout(layoutFrom(PLAIN_8X8));
    expect(arrowTarget(l, 'd4', 'ArrowUp')).toBe('d5');
    expect(arrowTarget(l, 'd4', 'ArrowDown')).toBe('d3');
    expect(arrowTarget(l, 'd4', 'ArrowLeft')).toBe('c4');
    expect(arrowTarget(l, 'd4', 'ArrowRight')).toBe('e4');
    expect(arrowTarget(l, 'a1', 'ArrowLeft')).toBeNull();
    expect(arrowTarget(l, 'h8', 'ArrowUp')).toBeNull();
  });

  it('follow the drawn directions when black is below', () => {
    const l = new BoardLayout(layoutFrom(PLAIN_8X8, 'black'));
    expect(arrowTarget(l, 'd4', 'ArrowUp')).toBe('d3');
    expect(arrowTarget(l, 'd4', 'ArrowRight')).toBe('c4');
  });

  it('go from a corner citadel to its neighbour across the corner and back', () => {
    const l = new BoardLayout(layoutFrom(cornerCitadels(10)));
    // a1 is the citadel off the bottom-left corner; b2 is the main area's corner.
    expect(arrowTarget(l, 'a1', 'ArrowRight')).toBe('b2');
    expect(arrowTarget(l, 'a1', 'ArrowUp')).toBe('b2');
    expect(arrowTarget(l, 'b2', 'ArrowDown')).toBe('a1');
    expect(arrowTarget(l, 'b2', 'ArrowLeft')).toBe('a1');
    // Along the bottom edge, Down does not jump to a far corner citadel.
    expect(arrowTarget(l, 'e2', 'ArrowDown')).toBeNull();
  });

  it('leave a side citadel upwards and downwards, not only sideways', () => {
    const l = new BoardLayout(layoutFrom(SIDE_CITADELS));
    expect(arrowTarget(l, 'a9', 'ArrowRight')).toBe('b9');
    expect(arrowTarget(l, 'a9', 'ArrowUp')).toBe('b10');
    expect(arrowTarget(l, 'a9', 'ArrowDown')).toBe('b8');
  });

  it('answer null for a square that is not a cell', () => {
    const l = new BoardLayout(layoutFrom(cornerCitadels(10)));
    expect(arrowTarget(l, 'b1', 'ArrowUp')).toBeNull();
  });
});
