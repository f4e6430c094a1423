/**
 * The protocol's version and how each side says it (docs/api.md, "Versions"). The server says its
 * version and build in a `citadel-protocol` and a `citadel-build` header on every HTTP answer, and
 * in a `hello`, the first message of every socket and stream. A client says its own version in a
 * `citadel-protocol` header on each request, and in the `v` query parameter of a socket's or
 * stream's URL (a browser's WebSocket and EventSource cannot send headers). A client that says
 * nothing is taken to speak the server's version.
 */
import { z } from 'zod';
import type { HttpHeaders } from './fetch.ts';

/**
 * The version of the protocol these schemas describe: a whole number, raised by every change that
 * a client of the previous version could misread (docs/api.md says which changes do; adding an
 * optional field to a server message does not).
 */
export const PROTOCOL_VERSION = 1;

/** The header of the protocol version, on every answer of the server and every request of a client. */
export const PROTOCOL_HEADER = 'citadel-protocol';
/** The header of the server's build: the web app it serves (`dev` when it serves none built). */
export const BUILD_HEADER = 'citadel-build';
/** The query parameter of a socket's or stream's URL that says the client's protocol version. */
export const VERSION_PARAM = 'v';

/** A protocol version as it is written in a header or a query: a whole number from 1. */
export const protocolVersionSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, 'not a protocol version')
  .transform(Number);

/**
 * The first message of every socket and stream, whatever the version: its shape never changes, so
 * that a client of any version can read it and tell whether it can read what follows.
 */
export const helloSchema = z.object({
  type: z.literal('hello'),
  protocol: z.int().min(1),
  build: z.string(),
});
export type Hello = z.infer<typeof helloSchema>;

/** What the server says of itself: its protocol version and build. */
export type ServerVersion = Omit<Hello, 'type'>;

/** The version an answer's headers say, or null when they say none (or nothing readable). */
export function versionOf(headers: HttpHeaders): ServerVersion | null {
  const protocol = protocolVersionSchema.safeParse(headers.get(PROTOCOL_HEADER) ?? '');
  if (!protocol.success) return null;
  return { protocol: protocol.data, build: headers.get(BUILD_HEADER) ?? '' };
}
