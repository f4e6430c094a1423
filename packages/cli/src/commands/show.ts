/** `citadel show <variant>`: the board, side to move, legal moves in SAN, outcome if over. */
import { colorName, colorTitle, type ColorIndex } from '@citadel/core';
import { asciiBoard } from '../ascii-board.ts';
import { fail, setupPosition, type PositionOptions } from '../setup-position.ts';

export function showCommand(variant: string, opts: PositionOptions): void {
  const r = setupPosition(variant, opts);
  if (!r.ok) fail(r.error);
  const pos = r.value;
  const rs = pos.rs;
  const out: string[] = [];
  out.push(`${rs.def.name} — ${rs.array.name}${rs.array.reconstructed ? ' (reconstructed)' : ''}`);
  const changed = rs.def.switches.filter((s) => rs.switches[s.name] !== s.values[0]);
  if (changed.length)
    out.push(`rules: ${changed.map((s) => `${s.name}=${rs.switches[s.name]}`).join(', ')}`);
  out.push('');
  out.push(asciiBoard(pos));
  out.push('');
  const citadels = rs.geo.citadels.map(
    (s) => `${rs.geo.name(s)} (${colorTitle(colorName(rs.geo.citadelOwner[s] as ColorIndex))})`,
  );
  if (citadels.length) out.push(`citadels: ${citadels.join(', ')}`);
  out.push(`FEN: ${pos.fen()}`);
  const outcome = pos.outcome();
  out.push(`${colorTitle(pos.turn())} to move${pos.isCheck() ? ' (in check)' : ''}`);
  const rights = pos.specialRights();
  const extra: string[] = [];
  if (rights.kingSwap)
    extra.push(
      `king swap available: White ${rights.kingSwap.white ? 'yes' : 'no'}, Black ${rights.kingSwap.black ? 'yes' : 'no'}`,
    );
  if (rights.rendezvous)
    extra.push(
      `rendezvous available: White ${rights.rendezvous.white ? 'yes' : 'no'}, Black ${rights.rendezvous.black ? 'yes' : 'no'}`,
    );
  for (const p of rights.pawnsOfPawns)
    extra.push(`pawn of pawns (${p.color}) on ${p.square}: stage ${p.stage}`);
  out.push(...extra);
  if (outcome) out.push(`Game over: ${outcome.text}`);
  else {
    const moves = pos.legalMoves();
    out.push(`Legal moves (${moves.length}): ${moves.map((m) => m.san).join(' ')}`);
  }
  process.stdout.write(out.join('\n') + '\n');
}
