/**
 * The player's game-behaviour choices, remembered in local storage and read where they act (so a
 * change in the settings dialog holds at once on an open page): premoves, on the play page against
 * the engine and in online games; and move confirmation in online games, where a move played on
 * the board is shown and sent only once the player confirms it. Confirmation is on by default for
 * correspondence games (and games without a clock, which are as unhurried) and off for live ones,
 * as correspondence players expect.
 */
import { z } from 'zod';

const KEY = 'citadel.behaviour';

const BehaviourSchema = z.object({
  /** A move may be set up during the opponent's turn and is played when it comes. */
  premoves: z.boolean(),
  /** Online moves wait for "Confirm move" in correspondence and untimed games. */
  confirmCorrespondence: z.boolean(),
  /** Online moves wait for "Confirm move" in live games. */
  confirmLive: z.boolean(),
});

export type Behaviour = z.infer<typeof BehaviourSchema>;

export const DEFAULT_BEHAVIOUR: Behaviour = {
  premoves: true,
  confirmCorrespondence: true,
  confirmLive: false,
};

/** A choice kept for this page only, where local storage refused to save it. */
let unsaved: Behaviour | null = null;

/** The saved choices, or the defaults when none or unreadable ones are saved. */
export function loadBehaviour(): Behaviour {
  if (unsaved) return unsaved;
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    const parsed = BehaviourSchema.safeParse(raw);
    return parsed.success ? parsed.data : DEFAULT_BEHAVIOUR;
  } catch {
    return DEFAULT_BEHAVIOUR;
  }
}

/** Checks and saves `b`; returns why not (nothing changed) when it is not valid. */
export function saveBehaviour(b: unknown): string | null {
  const parsed = BehaviourSchema.safeParse(b);
  if (!parsed.success) return `not a game behaviour: ${parsed.error.issues[0]?.message ?? ''}`;
  try {
    localStorage.setItem(KEY, JSON.stringify(parsed.data));
    unsaved = null;
  } catch {
    // Storage full or disabled: the choice holds until the page is left.
    unsaved = parsed.data;
  }
  return null;
}

/** Whether an online move waits for confirmation: in a live game, or (`live` false) another. */
export function confirmsMoves(b: Behaviour, live: boolean): boolean {
  return live ? b.confirmLive : b.confirmCorrespondence;
}
