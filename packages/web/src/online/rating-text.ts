/** A player's rating as the big chess sites write it: "1512", or "1500 +12" after a rated game. */
import type { Player } from '@citadel/protocol';

/** The change a rated game made, signed: "+12", "−8" (a true minus sign), "±0". */
export function ratingDiffText(diff: number): string {
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0';
}

/** The rating and its change, or '' for a guest or an account without a rating here. */
export function ratingText(p: Player): string {
  if (p.rating === undefined) return '';
  const r = String(Math.round(p.rating));
  return p.ratingDiff === undefined ? r : `${r} ${ratingDiffText(p.ratingDiff)}`;
}

/**
 * "ann (1500 +12)", "ann", "BOT gearbox (1500)", "Anonymous". `unmarked`: a bot's name without
 * "BOT ", for a line that draws the mark beside it (bot-mark.ts).
 */
export function playerName(p: Player, unmarked = false): string {
  if (!p.name) return 'Anonymous';
  const name = p.bot && !unmarked ? `BOT ${p.name}` : p.name;
  const r = ratingText(p);
  return r ? `${name} (${r})` : name;
}
