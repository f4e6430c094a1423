/**
 * The event streams' lines (GET /api/games/:id/stream, GET /api/lobby/stream): one JSON object a
 * line (NDJSON), or as server-sent events a `data:` line per event among comments and blank lines.
 */
import type { z } from 'zod';
import { utf8Decoder, type ByteReader } from './fetch.ts';
import { serverEventSchema, type ServerEvent } from './messages.ts';

/**
 * One NDJSON line or one `data:` line of server-sent events as a value of `schema`; null for
 * anything else (a comment, a keep-alive, a line that is not such a value).
 */
export function parseStreamLine<T>(line: string, schema: z.ZodType<T>): T | null {
  const text = line.startsWith('data:') ? line.slice(5) : line;
  if (!text.trim()) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
