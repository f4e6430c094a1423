/** Public API of the online-play protocol (docs/api.md describes the endpoints) and its client. */
export * from './vocabulary.ts';
export * from './version.ts';
export * from './hello.ts';
export * from './app-pages.ts';
export * from './games.ts';
export * from './tournaments.ts';
export * from './accounts.ts';
export * from './messages.ts';
export * from './my-games-watch.ts';
export * from './errors.ts';
export * from './fetch.ts';
export * from './api-error.ts';
export * from './server-message.ts';
export * from './event-lines.ts';
export * from './citadel-api.ts';
