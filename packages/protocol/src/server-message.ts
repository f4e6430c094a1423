/**
 * A client's reading of one message of a socket or stream: the `hello` that opens every channel
 * (hello.ts; read whatever the version), a value of the channel's schema (read tolerantly:
 * fields this client does not know are dropped), or why it cannot be read. A client shows the
 * last, never drops it in silence (docs/api.md, "Versions").
 */
import type { z } from 'zod';
import { describeIssues } from './errors.ts';
import { helloSchema, type Hello } from './hello.ts';

export type ServerMessage<T> =
  | { readonly kind: 'hello'; readonly hello: Hello }
  | { readonly kind: 'event'; readonly event: T }
  | { readonly kind: 'unreadable'; readonly why: string };

/** One message's text (a WebSocket frame, an NDJSON line, an event's data) read with `schema`. */
export function readServerMessage<T>(text: string, schema: z.ZodType<T>): ServerMessage<T> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { kind: 'unreadable', why: 'a message is not JSON' };
  }
  const isHello =
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'hello';
  if (isHello) {
    const hello = helloSchema.safeParse(value);
    if (hello.success) return { kind: 'hello', hello: hello.data };
    return { kind: 'unreadable', why: `hello: ${describeIssues(hello.error.issues)}` };
  }
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { kind: 'event', event: parsed.data };
  return { kind: 'unreadable', why: describeIssues(parsed.error.issues) };
}

/**
 * One line of an event stream (NDJSON, or a `data:` line of server-sent events) read as
 * `readServerMessage` does; null for a line that holds no message (blank, a comment, a keep-alive).
 */
export function readStreamLine<T>(line: string, schema: z.ZodType<T>): ServerMessage<T> | null {
  if (line.startsWith(':')) return null;
  const text = line.startsWith('data:') ? line.slice(5) : line;
  if (!text.trim()) return null;
  return readServerMessage(text, schema);
}
