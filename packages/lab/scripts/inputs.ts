/**
 * Command-line arguments and input files shared by the tuning scripts (texel, distill, label).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parsePgnGames, type PgnGame } from '@citadel/core';

/** The value after `--name`, or `fallback`; without either, an error naming the option. */
export function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1]!;
  if (fallback === undefined) throw new Error(`missing --${name}`);
  return fallback;
}

/** The comma-separated list after `--name`, or none when the option is absent. */
export function listArg(name: string): string[] {
  return process.argv.includes(`--${name}`) ? arg(name).split(',') : [];
}

/** A positive number after `--name` (or `fallback`), or an error naming the option. */
export function positiveArg(name: string, fallback: string): number {
  const value = Number(arg(name, fallback));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} takes a positive number, not '${arg(name, fallback)}'`);
  return value;
}

/** A text file, gunzipped when its name ends in `.gz`. */
export function readText(file: string): string {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    throw new Error(`cannot read ${file}`);
  }
  return file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
}

/** The games of `variant` in these PGN files (plain or gzipped). */
export function readPgnGames(files: readonly string[], variant: string): PgnGame[] {
  return files.flatMap((file) => {
    const parsed = parsePgnGames(readText(file));
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    return parsed.value.filter((g) => g.variant === variant);
  });
}

/** The colour (0 White, 1 Black) of the engine whose name starts with `engine` in a game's tags, or -1. */
export function engineColour(
  tags: ReadonlyArray<readonly [string, string]>,
  engine: string,
): 0 | 1 | -1 {
  const name = (tag: string): string => tags.find(([k]) => k === tag)?.[1] ?? '';
  if (name('White').startsWith(engine)) return 0;
  return name('Black').startsWith(engine) ? 1 : -1;
}
