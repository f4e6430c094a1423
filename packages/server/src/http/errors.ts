/**
 * Every error answer is `{ "error": "<sentence>" }`: our refusals with their status, the
 * framework's own client errors (bad JSON, too large, rate limited) as they are, and anything
 * else as a plain 500 with the details only in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../service/errors.ts';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError | HttpError | Error, req, reply) => {
    if (e instanceof HttpError) return reply.code(e.status).send({ error: e.message });
    const status = 'statusCode' in e && typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: e.message });
    req.log.error(e);
    return reply.code(500).send({ error: 'internal error' });
  });
}
