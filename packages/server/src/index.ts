/** Public API of the server package (for tests and tools). */
export { startServer, type RunningServer, type ServerOptions } from './server.ts';
export { buildApp, type AppOptions } from './http/app.ts';
export { Games } from './service/games.ts';
export { openStore } from './storage/open.ts';
export type { Store } from './storage/store.ts';
