/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: one listening connection per process; messages are
 * JSON payloads (under PostgreSQL's 8000-byte limit: notices are small, a whole game is never
 * sent). A process hands its own messages to its handlers at once, as the local bus does, and
 * through PostgreSQL only to the other processes: a move between two players on one process is
 * relayed without a round trip to the database, and the notification that comes back to the
 * sender (marked with its origin) is dropped. A message that does not parse is dropped.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Bus, BusMessage } from './bus.ts';

const CHANNEL = 'citadel_games';

/** What travels through PostgreSQL: the message and the bus (process) that sent it. */
interface Envelope {
  readonly from: string;
  readonly message: BusMessage;
}

export async function openPostgresBus(connectionString: string): Promise<Bus> {
  const origin = randomUUID();
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  const sender = new pg.Pool({ connectionString, max: 2 });
  const handlers: Array<(m: BusMessage) => void> = [];
  const hand = (message: BusMessage): void => {
    for (const h of handlers) h(message);
  };
  listener.on('notification', (n) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(n.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== origin && envelope.message) hand(envelope.message);
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(message) {
      hand(message);
      const envelope: Envelope = { from: origin, message };
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
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
