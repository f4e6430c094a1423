/**
 * The event streams' lines (GET /api/games/:id/stream, GET /api/lobby/stream): one JSON object a
 * line (NDJSON), or as server-sent events a `data:` line per event among comments and blank lines.
 * Each stream opens with its `hello` (version.ts); server-message.ts reads a line as a client does.
 */
import type { z } from 'zod';
import { utf8Decoder, type ByteReader } from './fetch.ts';
import { serverEventSchema, type ServerEvent } from './messages.ts';
import { readStreamLine } from './server-message.ts';

/**
 * One NDJSON line or one `data:` line of server-sent events as a value of `schema`; null for
 * anything else (a comment, a keep-alive, the hello, a line that is not such a value).
 */
export function parseStreamLine<T>(line: string, schema: z.ZodType<T>): T | null {
  const message = readStreamLine(line, schema);
  return message?.kind === 'event' ? message.event : null;
}

/** One line of a game's stream as a server event, or null. */
export const parseEventLine = (line: string): ServerEvent | null =>
  parseStreamLine(line, serverEventSchema);

/** The lines of a body as they arrive; the last one without its newline too. */
export async function* bodyLines(reader: ByteReader): AsyncGenerator<string> {
  const decoder = utf8Decoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    yield* lines;
    if (done) break;
  }
  if (buffered) yield buffered;
}
