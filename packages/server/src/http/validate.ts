/**
 * Requests are checked against the protocol's zod schemas by Fastify itself: each route declares
 * its `body`, `querystring` and `params` schemas through the zod type provider
 * (fastify-type-provider-zod), which also types `req.body` and the rest from them. A request that
 * does not fit is answered 400 naming its first problem (errors.ts) before the handler runs.
 */
import { describeIssues, gameIdSchema, usernameSchema } from '@citadel/protocol';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The `:id` of a game's routes. */
export const gameParams = z.object({ id: gameIdSchema });
/** The `:name` of a player's routes. */
export const playerParams = z.object({ name: usernameSchema });

/** Routes of `app` declare zod schemas; a missing body is checked as `{}` (as an empty object). */
export function installZodSchemas(app: FastifyInstance): void {
  const compile: FastifySchemaCompiler<z.ZodType> = (route) => {
    const check = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => check(data ?? {}) : check;
  };
  app.setValidatorCompiler(compile);
}

/**
 * The sentence for a request a route's schema refused, or null for another error: the first
 * problem, with where it is in a body or query (`clock.initial: ...`; a field not known is named,
 * `unknown field "extra"`); a path parameter's problem alone (`not a game id`).
 */
export function schemaRefusal(e: unknown): string | null {
  if (!hasZodFastifySchemaValidationErrors(e)) return null;
  const inParams = (e as { validationContext?: string }).validationContext === 'params';
  return describeIssues(
    e.validation.map((v) => ({
      path: inParams ? [] : v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'invalid input',
      code: v.keyword,
      keys: unknownKeys(v.params),
    })),
  );
}

/** The fields a strict object refused, as the zod issue under a validation error names them. */
function unknownKeys(params: unknown): string[] | undefined {
  const keys = (params as { keys?: unknown } | undefined)?.keys;
  return Array.isArray(keys) ? keys.map(String) : undefined;
}

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearer(req: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(\S{1,200})$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}
