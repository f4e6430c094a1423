/** How the API client (citadel-api.ts) says that a request did not succeed. */

/**
 * A request the server refused or answered in a way not understood: the HTTP status (0 when no
 * answer came) and, for a refusal, the server's own sentence (docs/api.md: every error is
 * `{"error": "<sentence>"}`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all (refused, unknown host, reset): no answer to read. */
export class UnreachableError extends ApiError {
  constructor(
    readonly base: string,
    /** The network's code (ECONNREFUSED, ENOTFOUND…), or its message when it gave none. */
    readonly reason: string,
    message = `cannot reach the server at ${base || 'this address'} (${reason})`,
  ) {
    super(0, message);
    this.name = 'UnreachableError';
  }
}

/** What a failed `fetch` says of its cause: Node's network code, or the error's message. */
export function unreachableReason(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return e instanceof Error ? e.message : String(e);
}
