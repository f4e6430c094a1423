/**
 * What this page is: the protocol version and the build it was made with, read from the
 * `citadel-protocol` and `citadel-build` meta tags that the build writes into index.html
 * (vite.config.ts; the dev server writes the protocol and `dev`). The page says its version to the
 * server on every request and connection, and compares the server's with it (update-notice.ts).
 */
import { PROTOCOL_VERSION, VERSION_PARAM } from '@citadel/protocol';

const meta = (name: string): string | null =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;

/** The protocol version this page speaks. */
export const PAGE_PROTOCOL: number = Number(meta('citadel-protocol')) || PROTOCOL_VERSION;

/** The build this page is (`dev` under the dev server, which has no build). */
export const PAGE_BUILD: string = meta('citadel-build') ?? 'dev';

/** `path` (a socket's or stream's) with the page's protocol version in its query. */
export const withVersion = (path: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}${VERSION_PARAM}=${PAGE_PROTOCOL}`;
