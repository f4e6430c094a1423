/** Time controls and correspondence time as people read them: "5+3", "3 days a move", "2d 4h". */
import type { TimeControl } from '@citadel/protocol';

export function timeControlText(c: TimeControl | null): string {
  if (c === null) return 'no clock';
  if ('daysPerMove' in c) return `${c.daysPerMove} ${c.daysPerMove === 1 ? 'day' : 'days'} a move`;
  const minutes = c.initial / 60;
  const m = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1);
  return `${m}+${c.increment}`;
}

/** Milliseconds left as days and hours, or hours and minutes under a day. */
export function timeLeftText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days > 0 ? `${days}d ${hours}h` : `${hours}h ${minutes % 60}m`;
}
