/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: one listening connection per process; messages are
 * JSON payloads (under PostgreSQL's 8000-byte limit: notices are small, a whole game is never
 * sent). A message that does not parse is dropped.
 */
import pg from 'pg';
import type { Bus, BusMessage } from './bus.ts';

const CHANNEL = 'citadel_games';

export async function openPostgresBus(connectionString: string): Promise<Bus> {
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  const sender = new pg.Pool({ connectionString, max: 2 });
  const handlers: Array<(m: BusMessage) => void> = [];
  listener.on('notification', (n) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    let message: BusMessage;
    try {
      message = JSON.parse(n.payload) as BusMessage;
    } catch {
      return;
    }
    for (const h of handlers) h(message);
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(message) {
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      await listener.end();
      await sender.end();
    },
  };
}
