/** The HTTP status of each kind of domain refusal (service/errors.ts), here and nowhere else. */
import type { RefusalKind } from '../service/errors.ts';

export const REFUSAL_STATUS: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  throttled: 429,
  broken: 500,
  'not-implemented': 501,
};
