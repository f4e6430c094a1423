/**
 * Cross-site request forgery: a browser sends the session cookie (SameSite=Lax) with requests that
 * pages of the same site on another port, or forms of any site, make. Such a request is known by
 * what the browser says of the page that made it: an `Origin` whose host is not this server's, or
 * a `Sec-Fetch-Site` of `cross-site` or `same-site`. Programs (bots, curl) send neither and
 * authorise with a seat token or their own cookie, so they are unaffected.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether the request was made by a page that is not this server's own. */
export function fromForeignPage(req: FastifyRequest): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage: no page of ours
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403) every state-changing request made by another site's page, before any handler runs;
 * the socket, whose upgrade is a GET, checks `fromForeignPage` itself before it seats a cookie.
 */
export function refuseForeignPages(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !fromForeignPage(req)) return;
    await reply.code(403).send({
      error: "refused: this request came from another site's page (cross-site request forgery)",
    });
  });
}
