/** Every 4xx/5xx answer has this body: a sentence for people and programs, never a stack trace. */
import { z } from 'zod';

export const errorBodySchema = z.strictObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The first problem a zod error names, as one line ("clock.initial: too big"). */
export function describeIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): string {
  const first = issues[0];
  if (!first) return 'invalid input';
  const where = first.path.map(String).join('.');
  return where ? `${where}: ${first.message}` : first.message;
}
