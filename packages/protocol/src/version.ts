/**
 * The protocol's version and how each side says it (docs/api.md, "Versions"). The server says its
 * version and build in a `citadel-protocol` and a `citadel-build` header on every HTTP answer, and
 * in a `hello`, the first message of every socket and stream. A client says its own version in a
 * `citadel-protocol` header on each request, and in the `v` query parameter of a socket's or
 * stream's URL (a browser's WebSocket and EventSource cannot send headers). A client that says
 * nothing is taken to speak the server's version. The constants are here, apart from the schemas
 * (hello.ts), so that a page's first load can name them without zod.
 */
/**
 * The version of the protocol these schemas describe: a whole number, raised by every change that
 * a client of the previous version could misread (docs/api.md says which changes do; adding an
 * optional field to a server message does not). 1: the first versioned protocol. 2: tournaments —
 * a game's `end` may say `reason: "no-start"` (a tournament game's missed first move loses it),
 * a value a client of 1 does not know.
 */
export const PROTOCOL_VERSION = 2;

/** The header of the protocol version, on every answer of the server and every request of a client. */
export const PROTOCOL_HEADER = 'citadel-protocol';
/** The header of the server's build: the web app it serves (`dev` when it serves none built). */
export const BUILD_HEADER = 'citadel-build';
/** The query parameter of a socket's or stream's URL that says the client's protocol version. */
export const VERSION_PARAM = 'v';
