/** How a tournament is described in words: its settings, and its time to start or to end. */
import type { TournamentSummary } from '@citadel/protocol';
import { variantShort } from '../game-row.ts';
import { timeControlText } from '../time-text.ts';

/** "Tamerlane · 3+2 · 60 min · rated". */
export function tournamentSettingsText(t: TournamentSummary): string {
  const length = t.minutes === undefined ? [] : [`${t.minutes} min`];
  return [
    variantShort(t.variant),
    timeControlText(t.clock),
    ...length,
    t.rated ? 'rated' : 'casual',
  ].join(' · ');
}

/** A countdown: "1:05:09", "4:07", "0:09". */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** A start time as the reader's clock and calendar say it. */
export const startText = (at: number): string =>
  new Date(at).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
