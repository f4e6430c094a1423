/**
 * Input quoted back in an error message: at most `EXCERPT_MAX` characters, a longer text cut
 * with an ellipsis, so that a pasted file or a runaway token never comes back whole in a message.
 */
export const EXCERPT_MAX = 40;

/** `text` when it is at most `max` characters long, else its start and '…' (`max` in all). */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
