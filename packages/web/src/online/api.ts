/**
 * The server's HTTP API as the web app calls it: @citadel/protocol's client on the page's own
 * origin with its cookies (the session's), a server out of reach said in the page's words. Every
 * answer is checked against its schema, and every refusal is an `ApiError` carrying the server's
 * sentence, so the pages show it as it is. Each request says the page's protocol version, and each
 * answer's version, and an answer the page cannot read, go to the update banner
 * (updates/update-notice.ts).
 */
import { CitadelApi } from '@citadel/protocol';
import { PAGE_PROTOCOL } from '../updates/page-version.ts';
import { serverSays, unreadableMessage } from '../updates/update-notice.ts';

export const api = new CitadelApi({
  credentials: 'same-origin',
  unreachable: 'The server cannot be reached.',
  protocol: PAGE_PROTOCOL,
  onVersion: serverSays,
  onUnreadable: unreadableMessage,
});
