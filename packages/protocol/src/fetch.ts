/**
 * The part of the Fetch API that the client (citadel-api.ts) uses. This package runs in browsers
 * and in Node and is compiled without either's declarations, so it names here what it needs; the
 * runtime's own `fetch` fits these shapes and is used as it is.
 */

/** A request as the client makes it. */
export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Whether cookies go with the request (browsers; Node sends none of its own). */
  readonly credentials?: 'omit' | 'same-origin' | 'include';
  /** The runtime's AbortSignal: aborting it ends the request, and the reading of its body. */
  readonly signal?: AbortSignalLike;
}

/** What the client reads of an AbortSignal (the runtime's own is passed on to `fetch`). */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface HttpHeaders {
  get(name: string): string | null;
}

/** A body read chunk by chunk (a ReadableStream's reader). */
export interface ByteReader {
  read(): Promise<{ readonly done: boolean; readonly value?: Uint8Array | undefined }>;
  cancel(): Promise<void>;
}

export interface HttpResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: HttpHeaders;
  text(): Promise<string>;
  readonly body: { getReader(): ByteReader } | null;
}

/** `fetch` as the client calls it. */
export type HttpFetch = (url: string, request: HttpRequest) => Promise<HttpResponse>;

/** The runtime's `fetch`, looked up when called (a test may replace it). */
export const runtimeFetch: HttpFetch = (url, request) =>
  (globalThis as unknown as { fetch: HttpFetch }).fetch(url, request);

/** The runtime's UTF-8 decoder, which every runtime with `fetch` has. */
export interface Utf8Decoder {
  decode(bytes?: Uint8Array, options?: { stream: boolean }): string;
}
export const utf8Decoder = (): Utf8Decoder =>
  new (globalThis as unknown as { TextDecoder: new () => Utf8Decoder }).TextDecoder();
