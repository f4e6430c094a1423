/** What the repository's scripts (the load test) use of the server's test support. */
export { postgresAvailable, startCluster, type Cluster } from './postgres.ts';
export { historyBatches, historyGame, type HistoryOptions } from './history.ts';
