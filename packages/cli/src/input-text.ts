/**
 * User input repeated in messages: at most a short prefix, so a 10,000-character argument gives
 * a one-line error, not 10 KB of it.
 */

/** Longest piece of user input a message repeats. */
export const QUOTE_LIMIT = 40;

/** `'text'`, or `'first 40 characters…' (N characters)` when longer; line breaks shown as spaces. */
export function quoteInput(text: string, limit = QUOTE_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= limit) return `'${flat}'`;
  return `'${flat.slice(0, limit)}…' (${text.length} characters)`;
}

/**
 * A message from a lower layer (the rules core) with every quoted piece longer than the limit
 * shortened, and the whole kept to one line.
 */
export function clipMessage(message: string, limit = QUOTE_LIMIT): string {
  const clipped = message
    .replace(/\s*\n\s*/g, ' ')
    .replace(/'([^']*)'/g, (whole, inner: string) =>
      inner.length > limit ? quoteInput(inner, limit) : whole,
    );
  return clipped.length > MESSAGE_LIMIT ? `${clipped.slice(0, MESSAGE_LIMIT)}…` : clipped;
}

/** Longest message, for input repeated without quotes. */
export const MESSAGE_LIMIT = 400;
