/**
 * Handing a dropped transposition table back to the system at once. A table is a
 * SharedArrayBuffer of up to 1 GiB; once no thread holds it, its memory goes back only when this
 * thread's garbage collector next runs, which an idle UCI session may not do for a long time.
 * Node exposes its collector when asked (`--expose-gc`, here set at run time).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null = null;

/** Runs a full garbage collection of this thread (the main thread or a worker). */
export function releaseMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
