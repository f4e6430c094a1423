/**
 * How the server says its protocol version and build, and reads its clients' (docs/api.md,
 * "Versions"; @citadel/protocol's version.ts and hello.ts). Every HTTP answer carries the `citadel-protocol` and
 * `citadel-build` headers (one hook); every socket and stream opens with a `hello`. A client says
 * its version in a `citadel-protocol` header, or in the `v` query parameter of a socket's or
 * stream's URL; one that says nothing is taken to speak the server's. A client older than the
 * server is still answered where it reads (the answer tells it the server's version, so that it can
 * tell its player to reload), but what it asks to change is refused with 426: the server cannot
 * know that it means what it says.
 */
import {
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  BUILD_HEADER,
  VERSION_PARAM,
  describeIssues,
  protocolVersionSchema,
  type Hello,
} from '@citadel/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The status of a request refused because its client is older than the server. */
export const OUTDATED_STATUS = 426;

export interface Wire {
  /** The protocol version the server says it speaks. */
  readonly protocol: number;
  /** The build it says it is: its web app's (web-build.ts), or `none` when it serves none. */
  readonly build: string;
  /**
   * Every event as it goes out on a socket or stream, the hello included. The server's own is the
   * event itself; a test stands in for a newer server with another (a field added), as `npm start`
   * never does.
   */
  readonly outgoing: (event: { readonly type: string }) => object;
}

/** The wire of this server's protocol, for a build. */
export const wireOf = (build: string): Wire => ({
  protocol: PROTOCOL_VERSION,
  build,
  outgoing: (event) => event,
});

/** The first message of every socket and stream. */
export const helloOf = (wire: Wire): Hello => ({
  type: 'hello',
  protocol: wire.protocol,
  build: wire.build,
});

/**
 * What a client says of its protocol version: the number (null when it says none), or the
 * sentence that refuses what it said.
 */
export function clientProtocol(
  req: FastifyRequest,
): { readonly version: number | null } | { readonly error: string } {
  const query = req.query as Record<string, unknown> | undefined;
  const given: Array<[string, unknown]> = [
    [PROTOCOL_HEADER, req.headers[PROTOCOL_HEADER]],
    [VERSION_PARAM, query?.[VERSION_PARAM]],
  ];
  let version: number | null = null;
  for (const [name, value] of given) {
    if (value === undefined) continue;
    const parsed = protocolVersionSchema.safeParse(value);
    if (!parsed.success) return { error: `${name}: ${describeIssues(parsed.error.issues)}` };
    version = Math.max(version ?? 0, parsed.data);
  }
  return { version };
}

/** Whether a client of `version` (null: it said none) is older than the server. */
export const outdated = (wire: Wire, version: number | null): boolean =>
  version !== null && version < wire.protocol;

/** The sentence that refuses what an older client asks to change. */
export const outdatedText = (wire: Wire, version: number): string =>
  `Citadel was updated: this client speaks protocol ${version} and the server ${wire.protocol}; reload the page (or update the program)`;

/** The headers of every answer. */
export const versionHeaders = (wire: Wire): Record<string, string> => ({
  [PROTOCOL_HEADER]: String(wire.protocol),
  [BUILD_HEADER]: wire.build,
});

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sets the version headers on every answer (the streams, which write their own head, take them
 * from the reply: event-stream.ts), refuses a request whose version cannot be read (400), and a
 * change asked by an older client (426). The sockets read their client's version themselves
 * (live-socket.ts), so that they can say why in a message.
 */
export function installWire(app: FastifyInstance, wire: Wire): void {
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(versionHeaders(wire));
    if (!req.url.startsWith('/api/') || req.headers.upgrade !== undefined) return;
    const client = clientProtocol(req);
    if ('error' in client) return reply.code(400).send({ error: client.error });
    if (CHANGES.has(req.method) && outdated(wire, client.version))
      return reply.code(OUTDATED_STATUS).send({ error: outdatedText(wire, client.version!) });
  });
}
