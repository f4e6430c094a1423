/**
 * A URL whose %-escapes do not decode (`/%E0%A4%A`) is refused by the router before any hook runs,
 * so its answer would lack the security headers, the rate limit and the `{ "error" }` shape. Such
 * a URL is instead rewritten, before routing, to one route that answers 400 like any other
 * refusal; what the router still refuses by itself (a parameter too long) gets the same shape.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where malformed URLs are routed (a path no page or API uses). */
export const MALFORMED_URL_PATH = '/api/malformed-url';
export const MALFORMED_URL_ERROR = "malformed URL: a %-escape in its path doesn't decode";

/** Fastify's `rewriteUrl`: the URL itself, or MALFORMED_URL_PATH when its path doesn't decode. */
export function rewriteMalformedUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const path = url.split('?')[0]!;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return MALFORMED_URL_PATH;
  }
}

/** The route malformed URLs reach, for every method. */
export function malformedUrlRoute(app: FastifyInstance): void {
  app.all(MALFORMED_URL_PATH, async (_req, reply) =>
    reply.code(400).send({ error: MALFORMED_URL_ERROR }),
  );
}

/** Fastify's `frameworkErrors`: the router's own refusals, in the `{ "error" }` shape. */
export function frameworkRefusal(e: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(e.statusCode ?? 400)
    .header('x-content-type-options', 'nosniff')
    .send({ error: e.message });
}
