/** Every 4xx/5xx answer has this body: a sentence for people and programs, never a stack trace. */
import { z } from 'zod';

export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A problem as zod reports it (or Fastify after it: `code` and `keys` come along where known). */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string | undefined;
  /** The fields a strict object refused (`unrecognized_keys`). */
  readonly keys?: readonly string[] | undefined;
  /** The field a union of messages tells them by (`type`), when none of them has its value. */
  readonly discriminator?: string | undefined;
  /** The value checked (zod's `reportInput`): names the unknown `type` a message gave. */
  readonly input?: unknown;
}

/** A value quoted in a sentence, cut short: a client chooses what it sends. */
const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/**
 * The first problem a zod error names, as one line ("clock.initial: too big"). A field that a
 * strict object does not know is named (`unknown field "extra"`), and so is a message type that
 * none of a union's messages has (`type: unknown type "shout" (expected 'auth' | …)`, when the
 * issue carries the value checked).
 */
export function describeIssues(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return 'invalid input';
  const where = first.path.map(String).join('.');
  const at = (text: string): string => (where ? `${where}: ${text}` : text);
  if (first.code === 'unrecognized_keys' && first.keys?.length)
    return at(
      `unknown field${first.keys.length > 1 ? 's' : ''} ${first.keys.map(quote).join(', ')}`,
    );
  if (first.code === 'invalid_union' && first.discriminator) {
    const given =
      typeof first.input === 'object' && first.input !== null
        ? (first.input as Record<string, unknown>)[first.discriminator]
        : undefined;
    const expected = first.message.replace(/^Invalid discriminator value\. Expected /, '');
    if (given !== undefined) return at(`unknown type ${quote(given)} (expected ${expected})`);
  }
  return at(first.message);
}
