/** Request checks: a body or message against its schema, the seat token, the game id. */
import { describeIssues, gameIdSchema } from '@citadel/protocol';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../service/errors.ts';

/** The value if it fits the schema; otherwise a 400 naming the first problem. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new HttpError(400, describeIssues(r.error.issues));
  return r.data;
}

/** The `:id` of the route, or 400. */
export function gameId(req: FastifyRequest): string {
  const id = (req.params as { id?: unknown }).id;
  const r = gameIdSchema.safeParse(id);
  if (!r.success) throw new HttpError(400, 'not a game id');
  return r.data;
}

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearer(req: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(\S{1,200})$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}
