/**
 * Two server processes on one throwaway PostgreSQL cluster, for the tests of a file: started
 * before them (the first runs the migrations, the second finds them done), stopped after them.
 * Nothing starts where `skip` says PostgreSQL is missing; the tests are skipped then.
 */
import { afterAll, beforeAll } from 'vitest';
import { startCluster, type Cluster } from './postgres.ts';
import { startProcess, type ServerProcess } from './process.ts';

export interface TwoProcesses {
  readonly cluster: Cluster;
  readonly a: ServerProcess;
  readonly b: ServerProcess;
}

export function useTwoProcesses(skip: string | null): TwoProcesses {
  let started: TwoProcesses | null = null;
  let cluster: Cluster | null = null;
  beforeAll(async () => {
    if (skip) return;
    cluster = await startCluster();
    const a = await startProcess({ DATABASE_URL: cluster.url });
    const b = await startProcess({ DATABASE_URL: cluster.url });
    started = { cluster, a, b };
  });
  afterAll(async () => {
    await Promise.all([started?.a.kill('SIGTERM'), started?.b.kill('SIGTERM')]);
    cluster?.stop();
  });
  const running = (): TwoProcesses => {
    if (!started) throw new Error('the two processes have not started');
    return started;
  };
  return {
    get cluster() {
      return running().cluster;
    },
    get a() {
      return running().a;
    },
    get b() {
      return running().b;
    },
  };
}
