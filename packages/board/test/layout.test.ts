import { describe, expect, it } from 'vitest';
import { BoardLayout } from '../src/index.ts';
import { PLAIN_8X8, SIDE_CITADELS, cornerCitadels, layoutFrom } from './layouts.ts';

describe('BoardLayout', () => {
  it('places squares from the top left as drawn, in both orientations', () => {
    const white = new BoardLayout(layoutFrom(PLAIN_8X8, 'white'));
    expect(white.place('a1')).toEqual({ col: 0, row: 7 });
    expect(white.place('h8')).toEqual({ col: 7, row: 0 });
    const black = new BoardLayout(layoutFrom(PLAIN_8X8, 'black'));
    expect(black.place('a1')).toEqual({ col: 7, row: 0 });
    expect(black.place('h8')).toEqual({ col: 0, row: 7 });
    for (const l of [white, black])
      for (const c of l.cells) {
        const p = l.place(c.square);
        expect(l.squareAt(p.col, p.row)).toBe(c.square);
      }
  });

  it('keeps only existing cells, in reading order', () => {
    const l = new BoardLayout(layoutFrom(cornerCitadels(10)));
    expect(l.cells.length).toBe(104);
    expect(l.has('a1')).toBe(true);
    expect(l.has('b1')).toBe(false);
    const places = l.cells.map((c) => l.place(c.square));
    for (let i = 1; i < places.length; i++) {
      const a = places[i - 1]!;
      const b = places[i]!;
      expect(a.row < b.row || (a.row === b.row && a.col < b.col)).toBe(true);
    }
  });

  it('enters the keyboard on the bottom-left cell of the main area, not a citadel', () => {
    expect(new BoardLayout(layoutFrom(cornerCitadels(10))).entrySquare()).toBe('b2');
    expect(new BoardLayout(layoutFrom(cornerCitadels(10), 'black')).entrySquare()).toBe('k11');
    expect(new BoardLayout(layoutFrom(SIDE_CITADELS)).entrySquare()).toBe('b1');
    expect(new BoardLayout(layoutFrom(PLAIN_8X8)).entrySquare()).toBe('a1');
  });

  it('names the coordinates as drawn', () => {
    const l = new BoardLayout(layoutFrom(PLAIN_8X8, 'black'));
    expect(l.fileCoords().join('')).toBe('hgfedcba');
    expect(l.rankCoords()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('gives the same key to the same cells and another to a flip', () => {
    const a = new BoardLayout(layoutFrom(SIDE_CITADELS));
    expect(new BoardLayout(layoutFrom(SIDE_CITADELS)).key).toBe(a.key);
    expect(new BoardLayout(layoutFrom(SIDE_CITADELS, 'black')).key).not.toBe(a.key);
  });

  it('rejects a cell outside the box and a bad size', () => {
    const src = layoutFrom(PLAIN_8X8);
    expect(
      () => new BoardLayout({ ...src, cells: [...src.cells, { square: 'i1', exists: true }] }),
    ).toThrow(/outside the 8x8 board/);
    expect(() => new BoardLayout({ ...src, files: 0 })).toThrow(/board size/);
  });
});
