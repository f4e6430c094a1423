/** What can happen to a game (the state machine's input) and what it tells (its output). */
import type { Color, OfferAction, OfferKind, ServerEvent } from '@citadel/protocol';
import type { GameRecord, SeatRecord } from './record.ts';

export type GameEvent =
  | { readonly type: 'join'; readonly seat: SeatRecord }
  | {
      readonly type: 'move';
      readonly by: Color;
      readonly move: string;
      readonly ply?: number;
      /** The client's report: from receiving the opponent's move to sending this one (ms). */
      readonly moveTime?: number;
      /** The round trip the server measured on the mover's connection (ms), if any. */
      readonly roundTrip?: number | null;
    }
  | { readonly type: 'resign'; readonly by: Color }
  | { readonly type: 'abort'; readonly by: Color }
  /** A tournament's seat halves its clock and gives up its increment before its first move. */
  | { readonly type: 'berserk'; readonly by: Color }
  /** `by` gives the opponent time (add-time.ts). */
  | { readonly type: 'add-time'; readonly by: Color }
  | {
      readonly type: 'offer';
      readonly kind: OfferKind;
      readonly action: OfferAction;
      readonly by: Color;
      /** The id the rematch gets if this agrees to one. */
      readonly rematchId?: string;
    }
  | {
      readonly type: 'claim-win';
      readonly by: Color;
      /** Since when the opponent has had no connection to this game, or null if connected. */
      readonly opponentAwaySince: number | null;
    }
  /** A deadline may have passed (a clock ran out, a first move is missing): a timer fired. */
  | { readonly type: 'flag' };

/**
 * What everyone watching a game is told. `state` stands for the whole game, which transport sends
 * to each listener with its own seat.
 */
export type Notice =
  | Exclude<ServerEvent, { type: 'state' | 'pong' | 'error' | 'presence' }>
  | { readonly type: 'state' };

/**
 * Why an event is refused, in the game's words (a server maps each to its answer):
 * `invalid` the rules refuse it; `forbidden` it is not this seat's to do; `conflict` not now (the
 * turn, the game's status, a stale ply).
 */
export type RefusalReason = 'invalid' | 'forbidden' | 'conflict';

export type Step =
  | {
      readonly ok: true;
      /** The next record; the same object when nothing changed. */
      readonly game: GameRecord;
      readonly tell: readonly Notice[];
      /** Set when the event ended the game another way than the actor asked (a flag on a late move). */
      readonly refusal?: { readonly reason: RefusalReason; readonly error: string };
      /** Both players agreed to a rematch: transport creates it under `game.rematchId`. */
      readonly rematch?: true;
    }
  | { readonly ok: false; readonly reason: RefusalReason; readonly error: string };
