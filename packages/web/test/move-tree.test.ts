/** The analysis board's move tree: variations, navigation data and PGN export (no browser). */
import { Position, parsePgn } from '@citadel/core';
import { describe, expect, it } from 'vitest';
import { openGameText } from '../src/analysis-import.ts';
import { MoveTree } from '../src/move-tree.ts';

function chessTree(): MoveTree {
  const start = Position.start('chess');
  if (!start.ok) throw new Error(start.error);
  return new MoveTree(start.value);
}

describe('MoveTree', () => {
  it('a different move from an earlier position becomes a variation; the same move is reused', () => {
    const tree = chessTree();
    const e4 = tree.play(tree.root, 'e4')!;
    const e5 = tree.play(e4, 'e5')!;
    tree.play(e5, 'Nf3');
    const c5 = tree.play(e4, 'c5')!;
    expect(tree.play(e4, 'e7e5')).toBe(e5);
    expect(e4.children.map((c) => c.move!.san)).toEqual(['e5', 'c5']);
    expect(tree.mainLine().map((n) => n.move?.san ?? '-')).toEqual(['-', 'e4', 'e5', 'Nf3']);
    expect(tree.isMain(c5)).toBe(false);
    expect(tree.position(c5).fen()).toBe(
      'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    );
    expect(
      tree
        .position(c5)
        .history()
        .map((m) => m.san),
    ).toEqual(['e4', 'c5']);
    expect(tree.play(e4, 'e4')).toBeNull();
  });

  it('writes variations in parentheses with the right move numbers, and reads back its main line', () => {
    const tree = chessTree();
    const e4 = tree.play(tree.root, 'e4')!;
    const e5 = tree.play(e4, 'e5')!;
    tree.play(tree.play(e5, 'Nf3')!, 'Nc6');
    const c5 = tree.play(e4, 'c5')!;
    tree.play(c5, 'Nf3');
    tree.play(tree.root, 'd4');
    e5.comment = 'the open game';
    const pgn = tree.pgn({ White: 'Ann' });
    expect(pgn).toContain('[White "Ann"]');
    expect(pgn).toContain('[Variant "chess"]');
    expect(pgn.split('\n\n')[1]!.trim()).toBe(
      '1. e4 (1. d4) 1... e5 {the open game} (1... c5 2. Nf3) 2. Nf3 Nc6 *',
    );
    const back = parsePgn(pgn);
    expect(back.ok && back.value.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    const again = MoveTree.fromPgn(back.ok ? back.value : (undefined as never));
    expect(again.mainLine().at(-1)!.ply).toBe(4);
    expect(again.mainLine()[2]!.comment).toBe('the open game');
  });

  it('reads a PGN with nested variations and comments back into the same tree (round trip)', () => {
    const text = [
      '[Variant "chess"]',
      '',
      '{a game} 1. e4 {king pawn} (1. d4 d5 (1... Nf6 {Indian} 2. c4) 2. c4) 1... e5 (1... c5',
      '{Sicilian}) 2. Nf3 ({the other knight} 2. Nc3) 2... Nc6 *',
    ].join('\n');
    const opened = openGameText(text, 'chess', {});
    if ('error' in opened) throw new Error(opened.error);
    const tree = opened.tree;
    const sans = (nodes: readonly { move: { san: string } | null }[]) =>
      nodes.map((n) => n.move?.san ?? '-');
    expect(sans(tree.mainLine())).toEqual(['-', 'e4', 'e5', 'Nf3', 'Nc6']);
    expect(sans(tree.root.children)).toEqual(['e4', 'd4']);
    const d4 = tree.root.children[1]!;
    expect(sans(tree.lineFrom(d4))).toEqual(['d4', 'd5', 'c4']);
    expect(sans(d4.children)).toEqual(['d5', 'Nf6']);
    expect(d4.children[1]!.comment).toBe('Indian');
    expect(sans(tree.lineFrom(d4.children[1]!))).toEqual(['Nf6', 'c4']);
    const e4 = tree.mainLine()[1]!;
    expect(e4.comment).toBe('king pawn');
    expect(sans(e4.children)).toEqual(['e5', 'c5']);
    expect(e4.children[1]!.comment).toBe('Sicilian');
    // A comment before a variation's first move is kept with that move.
    expect(tree.mainLine()[2]!.children[1]!.comment).toBe('the other knight');
    expect(tree.root.comment).toBe('a game');
    // Written out and read in again: the same text.
    const out = tree.pgn();
    expect(out.split('\n\n')[1]).toContain('(1. d4 d5 (1... Nf6 {Indian} 2. c4) 2. c4)');
    const again = openGameText(out, 'chess', {});
    if ('error' in again) throw new Error(again.error);
    expect(again.tree.pgn()).toBe(out);
  });

  it('refuses a PGN whose variation holds an illegal move, saying where', () => {
    const opened = openGameText('1. e4 e5 (1... d5 2. Ke3) *', 'chess', {});
    expect('error' in opened && opened.error).toMatch(
      /^PGN: line 1, column 22: a move of a variation 'Ke3': illegal move Ke3/,
    );
  });

  it('numbers a game that starts with Black to move, and promotes and removes lines', () => {
    const start = Position.fromFen('chess', '4k3/8/8/8/8/8/4P3/4K3 b - - 0 7');
    if (!start.ok) throw new Error(start.error);
    const tree = new MoveTree(start.value);
    const kd7 = tree.play(tree.root, 'Kd7')!;
    tree.play(kd7, 'e4');
    const kf7 = tree.play(tree.root, 'Kf7')!;
    expect(tree.pgn().split('\n\n')[1]!.trim()).toBe('7... Kd7 (7... Kf7) 8. e4 *');
    expect(tree.pgn()).toContain('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"]');
    tree.promote(kf7);
    expect(tree.mainLine().map((n) => n.move?.san ?? '-')).toEqual(['-', 'Kf7']);
    tree.remove(kd7);
    expect(tree.root.children).toEqual([kf7]);
    expect(tree.node(kd7.id)).toBeUndefined();
  });

  it('replayed under other rules: moves that became illegal go, with what follows them', () => {
    const on = Position.start('persian-omega');
    const off = Position.start('persian-omega', { rules: { 'omega-rendezvous': 'off' } });
    if (!on.ok || !off.ok) throw new Error('no start position');
    const tree = new MoveTree(on.value);
    const e4 = tree.play(tree.root, 'e4')!;
    const e7 = tree.play(e4, 'e7')!;
    e7.comment = 'kept';
    const rendezvous = tree.play(e7, 'C<>h2')!;
    expect(tree.play(rendezvous, 'd7')).not.toBeNull();
    tree.play(e7, 'd4');
    const { tree: replayed, nodes, dropped } = tree.replayed(off.value);
    expect(dropped).toBe(2);
    expect(nodes.has(rendezvous.id)).toBe(false);
    const e7Copy = nodes.get(e7.id)!;
    expect(e7Copy.comment).toBe('kept');
    expect(e7Copy.children.map((c) => c.move!.san)).toEqual(['d4']);
    expect(replayed.position(e7Copy).fen().split(' ')[2]).toBe('KQkq');
    // The original tree is left as it was.
    expect(e7.children.map((c) => c.move!.san)).toEqual(['C<>h2', 'd4']);
  });
});
