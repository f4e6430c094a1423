/**
 * Pub/sub between server processes that share one database: after a process commits a change to a
 * game it publishes what to tell; every process (itself included) delivers it to its own sockets.
 */
import type { Pairing } from '@citadel/protocol';
import type { Notice } from '@citadel/game';

export type BusMessage =
  | {
      readonly kind: 'game';
      readonly id: string;
      /** The committed version this tells about. */
      readonly version: number;
      readonly tell: readonly Notice[];
    }
  | {
      readonly kind: 'presence';
      readonly id: string;
      /** The publishing process and how many of its connections sit in each seat, and watch. */
      readonly process: string;
      readonly white: number;
      readonly black: number;
      /** Absent from a process of an older version (none counted). */
      readonly spectators?: number;
    }
  | {
      /** A process that has just read a game asks the others to tell their seats in it. */
      readonly kind: 'presence-ask';
      readonly id: string;
      readonly process: string;
    }
  | {
      /**
       * Each process says it is alive every few seconds (service/presence.ts); its connections
       * count only while it does.
       */
      readonly kind: 'alive';
      readonly process: string;
    }
  | {
      /**
       * The lobby changed on the publishing process (a challenge posted): every process with
       * lobby listeners reads it again (service/lobby-feed.ts).
       */
      readonly kind: 'lobby';
      readonly process: string;
    }
  | {
      /**
       * A game of the account was created or joined on the publishing process: every process
       * reads again the "my games" lists watched by that account (service/my-games-feed.ts).
       */
      readonly kind: 'account-games';
      readonly account: number;
      readonly process: string;
    }
  | {
      /**
       * Games of these accounts were started on the publishing process (a tournament's pairing,
       * in batches): as `account-games`, for each of them.
       */
      readonly kind: 'accounts-games';
      readonly accounts: readonly number[];
      readonly process: string;
    }
  | {
      /**
       * A tournament changed (`changed`: players, scores, status; `end`: it is over): every
       * process with readers of its stream reads it again (service/tournament-feed.ts).
       */
      readonly kind: 'tournament';
      readonly id: string;
      readonly event: 'changed' | 'end';
      readonly process: string;
    }
  | {
      /** Games a tournament's pairing started (a batch small enough for one notification). */
      readonly kind: 'tournament-pairing';
      readonly id: string;
      readonly games: readonly Pairing[];
      readonly process: string;
    }
  | {
      /**
       * Handed by a bus to its own process only, never published: messages from other processes
       * may have been missed (the bus lost its connection and has it again), so what they told
       * must be read from storage.
       */
      readonly kind: 'resync';
    };

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  /** Calls `handler` for every message published by any process, this one included. */
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One process alone: messages go straight back to it. */
export class LocalBus implements Bus {
  private handlers: Array<(m: BusMessage) => void> = [];
  async publish(message: BusMessage): Promise<void> {
    for (const h of this.handlers) h(message);
  }
  subscribe(handler: (m: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}
