/**
 * Every error answer is `{ "error": "<sentence>" }`: our refusals with their status, a request
 * its route's schema refuses as 400 with its first problem, the
 * framework's own client errors (bad JSON, too large, rate limited) as they are, a database that
 * cannot be reached as 503 with a `retry-after`, and anything else as a plain 500 with the details
 * only in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { Refusal } from '../service/errors.ts';
import { REFUSAL_STATUS } from './refusal-status.ts';
import { isDatabaseUnavailable } from '../storage/connection-loss.ts';
import { schemaRefusal } from './validate.ts';

/** What a request is told while the database is away, and when to try again (seconds). */
export const DATABASE_UNAVAILABLE = 'the database is unavailable: try again shortly';
export const RETRY_AFTER_S = 5;

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError | Refusal | Error, req, reply) => {
    if (e instanceof Refusal) return reply.code(REFUSAL_STATUS[e.kind]).send({ error: e.message });
    const refused = schemaRefusal(e);
    if (refused !== null) return reply.code(400).send({ error: refused });
    const status = 'statusCode' in e && typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: e.message });
    if (isDatabaseUnavailable(e)) {
      req.log.warn(`database unavailable: ${e.message}`);
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ error: DATABASE_UNAVAILABLE });
    }
    req.log.error(e);
    return reply.code(500).send({ error: 'internal error' });
  });
}
