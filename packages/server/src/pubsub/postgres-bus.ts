/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: one listening connection per process; messages are
 * JSON payloads (under PostgreSQL's 8000-byte limit: notices are small, a whole game is never
 * sent). A process hands its own messages to its handlers at once, as the local bus does, and
 * through PostgreSQL only to the other processes: a move between two players on one process is
 * relayed without a round trip to the database, and the notification that comes back to the
 * sender (marked with its origin) is dropped. A message that does not parse is dropped.
 *
 * Losing the database is not fatal. A publish that cannot reach PostgreSQL still hands the message
 * to its own process and resolves (the change it tells of is already committed). A lost listening
 * connection is made again, with back-off from FIRST_RETRY_MS doubling up to MAX_RETRY_MS, and
 * once it listens again the bus hands its own process a `resync`: notifications sent meanwhile are
 * lost, so what they told must be read from the database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, resilientPool } from '../storage/connection-loss.ts';
import type { Bus, BusMessage } from './bus.ts';

const CHANNEL = 'citadel_games';
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** What travels through PostgreSQL: the message and the bus (process) that sent it. */
interface Envelope {
  readonly from: string;
  readonly message: BusMessage;
}

export async function openPostgresBus(connectionString: string): Promise<Bus> {
  const origin = randomUUID();
  const sender = resilientPool({ connectionString, max: 2 });
  const handlers: Array<(m: BusMessage) => void> = [];
  const hand = (message: BusMessage): void => {
    for (const h of handlers) h(message);
  };
  const onNotification = (n: pg.Notification): void => {
    if (n.channel !== CHANNEL || !n.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(n.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== origin && envelope.message) hand(envelope.message);
  };

  let closed = false;
  /** The connection that listens now; null while it is being made again. */
  let listener: pg.Client | null = null;

  /** A connection that listens on CHANNEL; rejects (having closed it) when it cannot be made. */
  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('notification', onNotification);
    // Either event means the connection is gone ('error' comes first when it breaks).
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    return client;
  };

  /** Called for every sign that `client` died; acts once, for the current listener only. */
  const lost = (client: pg.Client): void => {
    if (client !== listener || closed) return;
    listener = null;
    client.end().catch(() => undefined);
    console.warn('citadel server: lost the connection to PostgreSQL; connecting again');
    void listenAgain();
  };

  const listenAgain = async (): Promise<void> => {
    for (let wait = FIRST_RETRY_MS; !closed; wait = Math.min(2 * wait, MAX_RETRY_MS)) {
      await new Promise((r) => setTimeout(r, wait).unref());
      if (closed) return;
      let client: pg.Client;
      try {
        client = await listen();
      } catch {
        continue;
      }
      if (closed) return void client.end().catch(() => undefined);
      listener = client;
      console.warn('citadel server: connected to PostgreSQL again');
      hand({ kind: 'resync' });
      return;
    }
  };

  listener = await listen();
  return {
    async publish(message) {
      hand(message);
      const envelope: Envelope = { from: origin, message };
      await sender
        .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)])
        // Dropped: the other processes, having lost their listeners too, resync when back.
        .catch(() => undefined);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      const last = listener;
      listener = null;
      await last?.end().catch(() => undefined);
      await sender.end();
    },
  };
}
