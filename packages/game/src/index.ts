/**
 * The online game model, written once for every side of a game: the server's record and its pure
 * state machine (`step`), and the clients' side (the web app, the bot, the tests).
 */
export * from './record.ts';
export * from './events.ts';
export * from './time-control.ts';
export * from './clock.ts';
export * from './lag-compensation.ts';
export * from './add-time.ts';
export * from './replay.ts';
export * from './step.ts';
export * from './view.ts';
export * from './permissions.ts';
export * from './apply-event.ts';
export * from './seat-actions.ts';
