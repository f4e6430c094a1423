/** The match report: colour scores, when lost games were decided, opening move shares. */
import { describe, expect, it } from 'vitest';
import { decidedAt, matchReport, type ReportGame } from './match-report.ts';

/** A game of one move pair per entry of `theirs`: our pawn moves, the opponent's knight moves with those comments. */
function game(ourColour: 0 | 1, points: number, theirs: string[]): ReportGame {
  const moves = [];
  for (let ply = 0; ply < 2 * theirs.length; ply++) {
    const ourMove = ply % 2 === ourColour;
    const turn = ply >> 1;
    moves.push(
      ourMove ? { san: 'e4', comment: '+0.10/8 0.10s' } : { san: 'Nf3', comment: theirs[turn] },
    );
  }
  return { ourColour, points, moves };
}

describe('match report', () => {
  it('a loss is decided where the opponent claims 1.5 pawns three turns running', () => {
    // We are Black; the opponent (White) moves at plies 0, 2, 4, ...: its run starts at ply 4
    // (+1.60, then +1.50: the mark itself counts).
    const g = game(1, 0, [
      'book',
      '+0.50/9 0.05s',
      '+1.60/9 0.05s',
      '+1.50/9 0.05s',
      '+1.70/9 0.05s',
      '+1.80/9 0.05s',
      '+2.00/9 0.05s',
    ]);
    expect(decidedAt(g)).toBe(4);
    // A turn back under the mark restarts the count; a mate it announces counts.
    const h = game(0, 0, [
      '+2.00/9 0.05s',
      '+1.00/9 0.05s',
      '+2.00/9 0.05s',
      '+M4/20 0.05s',
      '+M3/20 0.05s',
    ]);
    expect(decidedAt(h)).toBe(5);
    expect(decidedAt(game(0, 0, ['+1.00/9 0.05s', '-2.00/9 0.05s']))).toBe(-1);
  });

  it('counts points by our colour, losses by band, and opening moves by piece', () => {
    const lost = game(
      1,
      0,
      Array.from({ length: 20 }, () => '+3.00/9 0.05s'),
    );
    const won = game(
      0,
      1,
      Array.from({ length: 20 }, () => '-3.00/9 0.05s'),
    );
    const report = matchReport([lost, won, game(0, 0.5, ['+0.00/9 0.05s'])]);
    expect(report.byColour).toEqual([
      { games: 2, points: 1.5 },
      { games: 1, points: 0 },
    ]);
    expect([...report.lossesDecided]).toEqual([
      ['<30', 1],
      ['30-59', 0],
      ['60-99', 0],
      ['100-159', 0],
      ['160+', 0],
      ['never', 0],
    ]);
    // Plies 4..29 of the two 40-ply games: 13 moves each side per game; the 2-ply game has none.
    expect(report.openingMoves.ours.get('P')).toBe(26);
    expect(report.openingMoves.theirs.get('N')).toBe(26);
  });

  it('counts our draw scores and the replies that contradict them', () => {
    // We are White: ours at plies 0, 2, 4, 6; the book move has no score.
    const moves = [
      { san: 'e4', comment: 'book' },
      { san: 'Nf3', comment: '+0.20/9 0.05s' },
      { san: 'e5', comment: '+0.00/8 0.10s' },
      { san: 'Nc3', comment: '+1.50/9 0.05s' },
      { san: 'e6', comment: '+0.00/8 0.10s' },
      { san: 'Nd5', comment: '+4.50/9 0.05s' },
      { san: 'e7', comment: '-0.00/8 0.10s' },
      { san: 'Nf4', comment: '+1.49/9 0.05s' },
      { san: 'f4', comment: '+0.01/8 0.10s' },
    ];
    const report = matchReport([{ ourColour: 0, points: 0, moves }]);
    expect(report.drawScores).toEqual({
      scored: 4,
      zero: 3,
      contradicted: 2,
      stronglyContradicted: 1,
    });
  });

  it('sorts games at the ply limit by our late score and counts returns to old positions', () => {
    // We are White and score +3.00 on every move: ahead. Positions cycle A B C D A B ...: from
    // ply 3 on every move recreates an earlier position, ours at even plies.
    const moves = Array.from({ length: 10 }, (_, ply) => ({
      san: ply % 2 === 0 ? 'Ra2' : 'Ra7',
      comment: ply % 2 === 0 ? '+3.00/9 0.10s' : '-3.00/9 0.05s',
    }));
    const positions = Array.from({ length: 11 }, (_, k) => 'ABCD'[k % 4]!);
    const ahead: ReportGame = { ourColour: 0, points: 0.5, moves, atLimit: true, positions };
    // The same moves as Black (our scores are -3.00): behind; a level game; one not at the limit.
    const behind: ReportGame = { ourColour: 1, points: 0.5, moves, atLimit: true, positions };
    const level = game(0, 0.5, ['+0.40/9 0.05s', '+0.10/9 0.05s']);
    const report = matchReport([
      ahead,
      behind,
      { ...level, atLimit: true },
      { ...ahead, atLimit: false },
    ]);
    // Plies 0..9 lead to positions 1..10; positions 4..10 (moves at plies 3..9) are returns:
    // plies 4, 6, 8 ours, 3, 5, 7, 9 theirs.
    expect(report.limitGames).toEqual({
      ahead: 1,
      behind: 1,
      level: 1,
      ourReturns: 3,
      theirReturns: 4,
    });
  });
});
