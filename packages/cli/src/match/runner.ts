/**
 * A match between two UCI engines: games in pairs (each opening twice, colours swapped), several
 * at once on separate engine processes, a progress line per finished game with the running
 * score, Elo with 95% error bars and the SPRT state, an early stop when the SPRT decides, and
 * every game appended to a PGN file as it ends.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { makePgn } from '@citadel/core';
import {
  MatchEngine,
  playGame,
  type EngineConfig,
  type GameRecord,
  type GameSettings,
} from './game.ts';
import type { Opening } from './openings.ts';
import { EngineStartError } from './uci-client.ts';
import {
  Tally,
  formatElo,
  pentanomialElo,
  trinomialElo,
  type SprtParams,
  type SprtState,
} from './stats.ts';
import { timeControlTag } from './time-control.ts';

export interface MatchConfig {
  readonly engines: readonly [EngineConfig, EngineConfig];
  readonly settings: GameSettings;
  /** Number of games (each opening is used for two consecutive games). */
  readonly games: number;
  /** The opening of pair number `pair` (0-based). */
  readonly opening: (pair: number) => Opening;
  readonly concurrency: number;
  readonly sprt?: SprtParams;
  readonly pgnPath?: string;
  readonly event?: string;
  /** Progress output, one line per call. */
  readonly out: (line: string) => void;
}

export interface FinishedGame {
  /** 0-based game number. */
  readonly index: number;
  /** Engine 1 played White. */
  readonly engine1White: boolean;
  readonly record: GameRecord;
  /** Points of engine 1. */
  readonly points: number;
  readonly pgn: string;
}

export interface MatchSummary {
  readonly names: readonly [string, string];
  readonly tally: Tally;
  readonly games: readonly FinishedGame[];
  readonly sprt?: SprtState;
  /** True when the SPRT ended the match before all games were played. */
  readonly stoppedEarly: boolean;
}

const today = (): string => {
  const d = new Date();
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
};

/** Runs a match; rejects when an engine cannot be started or configured. */
export async function runMatch(config: MatchConfig): Promise<MatchSummary> {
  const { settings } = config;
  const tally = new Tally();
  const finished: FinishedGame[] = [];
  const workers = Math.max(1, Math.min(config.concurrency, config.games));
  const slots = Array.from(
    { length: workers },
    () =>
      [
        new MatchEngine(config.engines[0], settings),
        new MatchEngine(config.engines[1], settings),
      ] as const,
  );
  let next = 0;
  let stop = false;
  let failure: unknown = null;
  let sprt: SprtState | undefined;
  let names: [string, string] = ['engine 1', 'engine 2'];

  const stopAll = (): void => {
    for (const [a, b] of slots) {
      a.kill();
      b.kill();
    }
  };
  const onSignal = (): void => {
    stopAll();
    config.out('interrupted: engines stopped');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // Start every engine first: a bad command line fails the match before any game.
    await Promise.all(slots.flatMap(([a, b]) => [a.ensure(), b.ensure()])).catch((e: unknown) => {
      throw new EngineStartError(e instanceof Error ? e.message : String(e), { cause: e });
    });
    const [n1, n2] = [slots[0]![0].name, slots[0]![1].name];
    names = n1 === n2 ? [`${n1} (1)`, `${n2} (2)`] : [n1, n2];
    if (config.pgnPath) writeFileSync(config.pgnPath, '');

    const tcTags = (white: EngineConfig, black: EngineConfig): Record<string, string> => {
      const w = timeControlTag(white.limit);
      const b = timeControlTag(black.limit);
      return w === b
        ? { TimeControl: w }
        : { TimeControl: w, WhiteTimeControl: w, BlackTimeControl: b };
    };

    const worker = async (slot: (typeof slots)[number]): Promise<void> => {
      while (!stop && next < config.games) {
        const index = next++;
        const pair = Math.floor(index / 2);
        const engine1White = index % 2 === 0;
        const [white, black] = engine1White ? [slot[0], slot[1]] : [slot[1], slot[0]];
        const [whiteName, blackName] = engine1White ? names : [names[1], names[0]];
        let record: GameRecord;
        try {
          record = await playGame(white, black, config.opening(pair), settings);
        } catch (e) {
          failure ??= e;
          stop = true;
          return;
        }
        const { end, position } = record;
        const points =
          end.result === '1/2-1/2' ? 0.5 : (end.result === '1-0') === engine1White ? 1 : 0;
        tally.add(points, pair);
        const comments = { ...record.comments };
        const last = position.history().length - 1;
        if (last >= 0)
          comments[last] = comments[last] ? `${comments[last]}, ${end.text}` : end.text;
        const pgn = makePgn(
          position,
          {
            Event: config.event ?? 'citadel match',
            Date: today(),
            Round: String(index + 1),
            White: whiteName,
            Black: blackName,
            Result: end.result,
            ...tcTags(white.config, black.config),
            Termination: end.termination,
            TerminationDetails: end.text,
            PlyCount: String(position.history().length),
          },
          comments,
        );
        if (config.pgnPath) appendFileSync(config.pgnPath, `${pgn}\n`);
        finished.push({ index, engine1White, record, points, pgn });
        let line = `[${tally.games}/${config.games}] #${index + 1} ${whiteName} - ${blackName} ${end.result} (${end.termination}) | ${names[0]} vs ${names[1]}: ${tally.summary()}`;
        if (config.sprt) {
          sprt = tally.sprt(config.sprt);
          line += ` | LLR ${sprt.llr.toFixed(2)} (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) ${sprt.verdict}`;
          if (sprt.verdict !== 'continue') stop = true;
        }
        config.out(line);
      }
    };
    await Promise.all(slots.map(worker));
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await Promise.all(slots.flatMap(([a, b]) => [a.quit(), b.quit()]));
  }
  if (failure) throw failure;
  return {
    names,
    tally,
    games: finished.sort((a, b) => a.index - b.index),
    ...(sprt ? { sprt } : {}),
    stoppedEarly: finished.length < config.games,
  };
}

/** The closing report of a match. */
export function summaryLines(s: MatchSummary, sprtParams?: SprtParams): string[] {
  const t = s.tally;
  const lines = [
    `Score of ${s.names[0]} vs ${s.names[1]}: ${t.wins}-${t.losses}-${t.draws} (W-L-D) in ${t.games} games`,
  ];
  const tri = trinomialElo(t.wdl());
  lines.push(
    `Elo difference: ${formatElo(tri)} (95%, trinomial), score ${(100 * tri.score).toFixed(1)}%`,
  );
  if (t.pairCount > 0)
    lines.push(
      `Pairs (0, ½, 1, 1½, 2): ${t.pairs.join(', ')}; Elo ${formatElo(pentanomialElo(t.pairs))} (95%, pentanomial)`,
    );
  const reasons = new Map<string, number>();
  for (const g of s.games)
    reasons.set(g.record.end.termination, (reasons.get(g.record.end.termination) ?? 0) + 1);
  lines.push(`Terminations: ${[...reasons].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  if (sprtParams && s.sprt) {
    const v = s.sprt;
    const meaning =
      v.verdict === 'H1'
        ? `H1 accepted: ${s.names[0]} is ${sprtParams.elo1} Elo or more stronger`
        : v.verdict === 'H0'
          ? `H0 accepted: ${s.names[0]} is not ${sprtParams.elo1} Elo stronger (elo <= ${sprtParams.elo0})`
          : 'no decision yet (continue)';
    lines.push(
      `SPRT elo0=${sprtParams.elo0} elo1=${sprtParams.elo1} alpha=${sprtParams.alpha} beta=${sprtParams.beta}: LLR ${v.llr.toFixed(2)} (${v.lower.toFixed(2)}, ${v.upper.toFixed(2)}): ${meaning}${s.stoppedEarly ? ', stopped early' : ''}`,
    );
  }
  return lines;
}
