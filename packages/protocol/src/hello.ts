/**
 * The server's hello, and the versions as headers and queries write them (version.ts names them;
 * docs/api.md, "Versions").
 */
import { z } from 'zod';
import type { HttpHeaders } from './fetch.ts';
import { BUILD_HEADER, PROTOCOL_HEADER } from './version.ts';

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
