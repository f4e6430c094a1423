/**
 * The player's game-behaviour choices, remembered in local storage and read where they act (so a
 * change in the settings dialog holds at once on an open page): premoves, on the play page against
 * the engine and in online games; move confirmation in online games, where a move played on
 * the board is shown and sent only once the player confirms it. Confirmation is on by default for
 * correspondence games (and games without a clock, which are as unhurried) and off for live ones,
 * as correspondence players expect; and the low-time warning (low-time.ts), on by default.
 */
import { readStored, writeStored } from './safe-storage.ts';

const KEY = 'citadel.behaviour';

export interface Behaviour {
  /** A move may be set up during the opponent's turn and is played when it comes. */
  premoves: boolean;
  /** Online moves wait for "Confirm move" in correspondence and untimed games. */
  confirmCorrespondence: boolean;
  /** Online moves wait for "Confirm move" in live games. */
  confirmLive: boolean;
  /** A sound and a mark when a player's clock runs low (low-time.ts). */
  lowTimeWarning: boolean;
}

const FIELDS = ['premoves', 'confirmCorrespondence', 'confirmLive', 'lowTimeWarning'] as const;
/** The fields that choices saved before them may lack: they read as the default. */
const LATER_FIELDS: readonly string[] = ['lowTimeWarning'];

/**
 * `raw` checked as a behaviour: exactly the yes-or-no fields (those added later may be missing
 * from an older save: the default stands for them). Written by hand rather than with zod, which
 * the play page's first load would otherwise carry for these few fields.
 */
function checkBehaviour(raw: unknown): { ok: Behaviour } | { problem: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { problem: 'expected an object' };
  const given = raw as Record<string, unknown>;
  const record: Record<string, unknown> = { ...DEFAULT_BEHAVIOUR, ...given };
  for (const field of FIELDS)
    if (typeof record[field] !== 'boolean' || !(field in given || LATER_FIELDS.includes(field)))
      return { problem: `${field} must be true or false` };
  const extra = Object.keys(record).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (extra !== undefined) return { problem: `unknown field ${extra}` };
  return {
    ok: {
      premoves: record.premoves as boolean,
      confirmCorrespondence: record.confirmCorrespondence as boolean,
      confirmLive: record.confirmLive as boolean,
      lowTimeWarning: record.lowTimeWarning as boolean,
    },
  };
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  premoves: true,
  confirmCorrespondence: true,
  confirmLive: false,
  lowTimeWarning: true,
};

/**
 * The saved choices, or the defaults when none or unreadable ones are saved (a choice the browser
 * refused to save is read back for the page's life: safe-storage.ts).
 */
export function loadBehaviour(): Behaviour {
  try {
    const raw = JSON.parse(readStored(KEY) ?? 'null') as unknown;
    const checked = checkBehaviour(raw);
    return 'ok' in checked ? checked.ok : DEFAULT_BEHAVIOUR;
  } catch {
    return DEFAULT_BEHAVIOUR;
  }
}

/** Checks and saves `b`; returns why not (nothing changed) when it is not valid. */
export function saveBehaviour(b: unknown): string | null {
  const checked = checkBehaviour(b);
  if ('problem' in checked) return `not a game behaviour: ${checked.problem}`;
  writeStored(KEY, JSON.stringify(checked.ok), 'setting');
  return null;
}

/** Whether an online move waits for confirmation: in a live game, or (`live` false) another. */
export function confirmsMoves(b: Behaviour, live: boolean): boolean {
  return live ? b.confirmLive : b.confirmCorrespondence;
}
