/**
 * Setting up a game's position from its description (variant, array, rule switches, start FEN,
 * moves played), and a cache of the last one set up.
 *
 * A protocol front-end asks for the same game every move, two plies longer (UCI sends
 * `position startpos moves …` with the whole game before each `go`). Replaying the game checks
 * every move for legality: at 200 plies about 2 ms, paid on the clock by the protocol thread and
 * again by the search thread — a few percent of a 100 ms move. The cache plays only the moves
 * added since the last request.
 */
import { Position, err, ok, type Result } from '@citadel/core';

export interface GameSpec {
  readonly variant: string;
  readonly array?: string | undefined;
  readonly rules?: Readonly<Record<string, string>> | undefined;
  /** Our FEN; omitted = the start position of the array. */
  readonly fen?: string | undefined;
  /** Moves played from there (move text or SAN), oldest first. */
  readonly moves?: readonly string[] | undefined;
}

/** Sets up the game's current position, or says what is wrong with it. */
export function setUpGame(game: GameSpec): Result<Position> {
  const options = { array: game.array, rules: game.rules };
  const start = game.fen
    ? Position.fromFen(game.variant, game.fen, options)
    : Position.start(game.variant, options);
  if (!start.ok) return start;
  for (const m of game.moves ?? []) {
    const r = start.value.play(m);
    if (!r.ok) return err(r.error);
  }
  return start;
}

/**
 * The position of the last game set up. `get` gives the same answers as `setUpGame`; when the
 * game is the last one with moves added (same variant, array, rules and start, the earlier moves
 * spelt the same), it plays only those. The position it returns is shared with later calls:
 * callers may search it (make and unmake) but must leave it as they found it. A search keeps the
 * position but not always the order of the core's piece lists (unmake puts a captured piece back
 * last), so move generation order, and with it a search, can differ from a fresh setup's.
 */
export class GameCache {
  private start = '';
  private moves: readonly string[] = [];
  private position: Position | null = null;

  /** Forget the cached game (the next `get` sets its game up from the start). */
  clear(): void {
    this.position = null;
  }

  get(game: GameSpec): Result<Position> {
    const start = JSON.stringify([game.variant, game.array, game.rules, game.fen]);
    const moves = game.moves ?? [];
    const cached = this.position;
    if (cached && start === this.start && this.extends(moves)) {
      for (let i = this.moves.length; i < moves.length; i++) {
        const r = cached.play(moves[i]!);
        if (!r.ok) {
          this.position = null;
          return err(r.error);
        }
      }
      this.moves = moves.slice();
      return ok(cached);
    }
    this.position = null;
    const fresh = setUpGame(game);
    if (!fresh.ok) return fresh;
    this.start = start;
    this.moves = moves.slice();
    this.position = fresh.value;
    return fresh;
  }

  /** Whether `moves` begins with the cached game's moves. */
  private extends(moves: readonly string[]): boolean {
    const known = this.moves;
    if (moves.length < known.length) return false;
    for (let i = 0; i < known.length; i++) if (moves[i] !== known[i]) return false;
    return true;
  }
}
