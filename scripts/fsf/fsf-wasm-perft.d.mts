// Types for fsf-wasm-perft.mjs (so TypeScript tests can import it).
export interface FsfPerftRequest {
  /** FSF variant name: a built-in (chess, shatranj, ...) or a stand-in (husun10, tamerlane11). */
  variant: string;
  /** FSF FEN; omitted = the variant's start position. */
  fen?: string;
  depth: number;
}
export interface FsfPerftResult {
  nodes: number;
  /** wall time of `go perft`, milliseconds */
  ms: number;
  /** the engine's per-root-move counts */
  divide: Record<string, number>;
}
export function fsfPerft(request: FsfPerftRequest): Promise<FsfPerftResult>;
export function closeFsf(): Promise<void>;
