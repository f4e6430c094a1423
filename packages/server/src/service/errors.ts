/** A refusal with its HTTP status; transport sends `{ error: message }`, nothing else. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
