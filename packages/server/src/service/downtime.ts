/**
 * The time the whole service was down is not charged to anyone, as the big sites do after a
 * restart: while any process runs, it writes a heartbeat to storage every HEARTBEAT_MS; a process
 * that starts and finds the last heartbeat older than DOWN_AFTER_MS knows that no process was
 * running since, and moves every deadline of the games in progress (running clocks, first-move
 * deadlines) that much later, so each clock resumes where it stood when the service stopped.
 * A process that starts while others run finds a fresh heartbeat and changes nothing.
 */
import type { Store } from '../storage/store.ts';

export const HEARTBEAT_MS = 5_000;
/** A heartbeat older than this means no process was running (a few beats missed, not one). */
export const DOWN_AFTER_MS = 3 * HEARTBEAT_MS;

/**
 * Gives back the time since the last heartbeat when the service was down, and returns it (0 when
 * it was not, or on a first start).
 */
export async function giveBackDowntime(store: Store, now: number): Promise<number> {
  const last = await store.lastHeartbeat();
  const down = last === null ? 0 : now - last;
  if (down > DOWN_AFTER_MS) await store.shiftDeadlines(down);
  await store.heartbeat(now);
  return down > DOWN_AFTER_MS ? down : 0;
}

/** Writes the heartbeat every HEARTBEAT_MS until stopped; a failed write waits for the next. */
export function keepHeartbeat(store: Store, now: () => number): { stop(): Promise<void> } {
  const timer = setInterval(() => void store.heartbeat(now()).catch(() => undefined), HEARTBEAT_MS);
  timer.unref?.();
  return {
    // The last beat on a clean stop: the downtime counts from here.
    async stop() {
      clearInterval(timer);
      await store.heartbeat(now()).catch(() => undefined);
    },
  };
}
