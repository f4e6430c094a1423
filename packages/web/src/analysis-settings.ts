/**
 * The analysis board's engine settings, remembered in local storage (`citadel.analysis`) for
 * every variant: how many lines the engine shows (1 to 5) and whether it runs at all. A stored
 * value that is not one of these reads as the default.
 */
import { readStored, writeStored } from './safe-storage.ts';

export interface AnalysisSettings {
  /** Lines shown (MultiPV), 1 to MAX_LINES. */
  readonly lines: number;
  /** Whether the engine analyses the position shown. */
  readonly engine: boolean;
}

export const MAX_LINES = 5;
export const DEFAULT_ANALYSIS: AnalysisSettings = { lines: 3, engine: true };
const KEY = 'citadel.analysis';

export function loadAnalysisSettings(): AnalysisSettings {
  try {
    const s = JSON.parse(readStored(KEY) ?? 'null') as Partial<AnalysisSettings> | null;
    const lines = s?.lines;
    return {
      lines:
        typeof lines === 'number' && Number.isInteger(lines) && lines >= 1 && lines <= MAX_LINES
          ? lines
          : DEFAULT_ANALYSIS.lines,
      engine: s?.engine === false ? false : DEFAULT_ANALYSIS.engine,
    };
  } catch {
    return DEFAULT_ANALYSIS;
  }
}

/** Saves the settings; false when the browser refused (they hold for the page's life). */
export function saveAnalysisSettings(s: AnalysisSettings): boolean {
  return writeStored(KEY, JSON.stringify(s), 'setting');
}
