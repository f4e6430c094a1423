/**
 * PGN for every variant: tags (incl. `Variant`, `Array`, `Rules`, `SetUp`/`FEN`), move numbers,
 * SAN (san.ts), comments, variations (read and checked move by move, nested to any depth), NAGs
 * (skipped), results. `parsePgn` never throws: errors give the line and column and what is wrong.
 * `makePgn` writes a whole game (its main line).
 */
import { Position } from './position.ts';
import type { RulesetOptions } from './ruleset.ts';
import { findVariant } from './variants/index.ts';
import { err, ok, type Result } from './types.ts';
import { excerpt } from './excerpt.ts';

export interface PgnMove {
  readonly san: string;
  readonly text: string;
  readonly comment?: string;
  /**
   * The variations given in its place (each a line of moves from the position before this move,
   * its own variations nested the same way), in the order the text gives them.
   */
  readonly variations?: ReadonlyArray<readonly PgnMove[]>;
}

export interface PgnGame {
  readonly tags: ReadonlyArray<readonly [string, string]>;
  readonly variant: string;
  readonly options: RulesetOptions;
  readonly moves: readonly PgnMove[];
  readonly result: string;
  readonly comment?: string;
  /** The game's final position, with the moves as its history. */
  readonly position: Position;
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

interface Token {
  readonly kind: 'tag' | 'comment' | 'open' | 'close' | 'nag' | 'number' | 'result' | 'san';
  readonly text: string;
  readonly value?: string;
  readonly line: number;
  readonly col: number;
}

function tokenize(text: string): Result<Token[]> {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const at = (): { line: number; col: number } => ({ line, col: i - lineStart + 1 });
  const where = (p: { line: number; col: number }): string => `line ${p.line}, column ${p.col}`;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      lineStart = ++i;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const p = at();
    if (ch === '%' && i === lineStart) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (ch === ';') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      tokens.push({ kind: 'comment', text: text.slice(i + 1, stop).trim(), ...p });
      i = stop;
      continue;
    }
    if (ch === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) return err(`${where(p)}: comment '{' is never closed`);
      const body = text.slice(i + 1, end);
      for (const c of body) if (c === '\n') line++;
      if (body.includes('\n')) lineStart = i + 1 + body.lastIndexOf('\n') + 1;
      tokens.push({ kind: 'comment', text: body.trim().replace(/\s+/g, ' '), ...p });
      i = end + 1;
      continue;
    }
    if (ch === '[') {
      const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(text.slice(i));
      if (!m) return err(`${where(p)}: malformed tag (expected [Name "value"])`);
      tokens.push({ kind: 'tag', text: m[1]!, value: m[2]!.replace(/\\(.)/g, '$1'), ...p });
      i += m[0].length;
      continue;
    }
    if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close', text: ch, ...p });
      i++;
      continue;
    }
    const m = /^[^\s{}()[\];]+/.exec(text.slice(i));
    // A stray '}' or ']' starts no token: report it rather than fail on it.
    if (!m) return err(`${where(p)}: unexpected '${ch}'`);
    const word = m[0];
    i += word.length;
    if (/^\$\d+$/.test(word)) tokens.push({ kind: 'nag', text: word, ...p });
    else if (RESULTS.has(word)) tokens.push({ kind: 'result', text: word, ...p });
    else {
      const num = /^(\d+)\.+(.*)$/.exec(word);
      if (num) {
        tokens.push({ kind: 'number', text: num[1]!, ...p });
        if (num[2])
          tokens.push({
            kind: 'san',
            text: num[2],
            line: p.line,
            col: p.col + word.length - num[2].length,
          });
      } else if (/^\d+$/.test(word)) tokens.push({ kind: 'number', text: word, ...p });
      else tokens.push({ kind: 'san', text: word.replace(/[!?]+$/, ''), ...p });
    }
  }
  return ok(tokens);
}

/** Reads the options a game's tags name: `Variant`, `Array`, `Rules` ("name=value, ..."). */
function optionsFromTags(
  tags: ReadonlyArray<readonly [string, string]>,
): Result<{ variant: string; options: RulesetOptions }> {
  const get = (name: string): string | undefined =>
    tags.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const variantTag = (get('Variant') ?? 'chess').trim().toLowerCase();
  const variant = variantTag === 'standard' ? 'chess' : variantTag;
  if (!findVariant(variant)) return err(`unknown Variant tag '${excerpt(variantTag)}'`);
  // No prototype: a switch named `__proto__` or `constructor` is an unknown name, nothing else.
  const rules: Record<string, string> = Object.create(null) as Record<string, string>;
  const rulesTag = get('Rules');
  if (rulesTag) {
    for (const part of rulesTag.split(/[,\s]+/).filter(Boolean)) {
      const [k, v] = part.split('=');
      if (!k || !v) return err(`Rules tag: '${excerpt(part)}' is not name=value`);
      rules[k] = v;
    }
  }
  const array = get('Array');
  return ok({ variant, options: { array, rules } });
}

/** A line of moves being read: the main line or a variation. */
interface Line {
  readonly moves: PgnMove[];
  /** The position after the line's moves so far. */
  readonly position: Position;
  /** The moves (move text) from the game's start to the line's first position. */
  readonly before: readonly string[];
  /** For a variation: the index of the move it replaces in the enclosing line. */
  readonly replaced?: number;
  /** A comment before a variation's first move, given to that move. */
  lead?: string | undefined;
}

/** Parses the first game of a PGN text. */
export function parsePgn(text: string): Result<PgnGame> {
  const games = parsePgnGames(text);
  if (!games.ok) return games;
  if (games.value.length === 0) return err('no game in the PGN text');
  return ok(games.value[0]!);
}

/** Parses every game of a PGN text; the first error stops it. */
export function parsePgnGames(text: string): Result<PgnGame[]> {
  const tokens = tokenize(text);
  if (!tokens.ok) return tokens;
  const games: PgnGame[] = [];
  let i = 0;
  const list = tokens.value;
  while (i < list.length) {
    const tags: Array<[string, string]> = [];
    while (i < list.length && list[i]!.kind === 'tag') {
      tags.push([list[i]!.text, list[i]!.value!]);
      i++;
    }
    const opts = optionsFromTags(tags);
    if (!opts.ok) return opts;
    const fenTag = tags.find(([k]) => k === 'FEN')?.[1];
    const started = fenTag
      ? Position.fromFen(opts.value.variant, fenTag, opts.value.options)
      : Position.start(opts.value.variant, opts.value.options);
    if (!started.ok) return err(`game ${games.length + 1}: ${started.error}`);
    const position = started.value;
    const opening = position.clone();
    const main: Line = { moves: [], position, before: [] };
    /** The main line, then each variation opened and not yet closed. */
    const lines: Line[] = [main];
    let result = '*';
    let gameComment: string | undefined;
    for (; i < list.length; i++) {
      const t = list[i]!;
      const line = lines[lines.length - 1]!;
      if (t.kind === 'tag') {
        if (lines.length === 1) break; // next game starts without a result token
        continue;
      }
      if (t.kind === 'nag' || t.kind === 'number') continue;
      if (t.kind === 'open') {
        const replaced = line.moves.length - 1;
        if (replaced < 0)
          return err(`line ${t.line}, column ${t.col}: a variation '(' before any move`);
        // The variation replaces the line's last move: it starts from the position before it.
        const before = [...line.before, ...line.moves.slice(0, replaced).map((m) => m.text)];
        const from = opening.clone();
        for (const text of before) from.play(text);
        lines.push({ moves: [], position: from, before, replaced });
      } else if (t.kind === 'close') {
        if (lines.length === 1) return err(`line ${t.line}, column ${t.col}: ')' without '('`);
        lines.pop();
        const parent = lines[lines.length - 1]!;
        const at = line.replaced!;
        const m = parent.moves[at]!;
        if (line.moves.length > 0)
          parent.moves[at] = { ...m, variations: [...(m.variations ?? []), line.moves] };
      } else if (t.kind === 'comment') {
        const last = line.moves[line.moves.length - 1];
        if (last)
          line.moves[line.moves.length - 1] = {
            ...last,
            comment: last.comment ? `${last.comment} ${t.text}` : t.text,
          };
        else if (line === main) gameComment = gameComment ? `${gameComment} ${t.text}` : t.text;
        // Before a variation's first move: kept for that move.
        else line.lead = line.lead ? `${line.lead} ${t.text}` : t.text;
      } else if (t.kind === 'result') {
        // A result inside a variation ends nothing.
        if (line !== main) continue;
        result = t.text;
        i++;
        break;
      } else {
        const played = line.position.play(t.text);
        if (!played.ok) {
          const which = line === main ? `move ${line.moves.length + 1}` : 'a move of a variation';
          return err(
            `line ${t.line}, column ${t.col}: ${which} '${excerpt(t.text)}': ${played.error}`,
          );
        }
        const move: PgnMove = { san: played.value.san, text: played.value.text };
        line.moves.push(line.lead === undefined ? move : { ...move, comment: line.lead });
        line.lead = undefined;
      }
    }
    if (lines.length > 1) return err(`game ${games.length + 1}: a variation '(' is never closed`);
    const moves = main.moves;
    games.push({
      tags,
      variant: opts.value.variant,
      options: opts.value.options,
      moves,
      result,
      ...(gameComment !== undefined ? { comment: gameComment } : {}),
      position,
    });
  }
  return ok(games);
}

const escape = (v: string): string => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The result token a finished position implies, or `*`. */
export function resultToken(position: Position): string {
  const o = position.outcome();
  if (!o) return '*';
  return o.winner === null ? '1/2-1/2' : o.winner === 'white' ? '1-0' : '0-1';
}

/**
 * Writes a game: the seven standard tags (missing ones as `?`), our variant tags, then the moves
 * of `position.history()` with comments (by ply index), wrapped at 80 columns.
 */
export function makePgn(
  position: Position,
  tags: Readonly<Record<string, string>> = {},
  comments: Readonly<Record<number, string>> = {},
): string {
  const rs = position.rs;
  const result = tags['Result'] ?? resultToken(position);
  const out: Array<[string, string]> = [];
  for (const [k, d] of [
    ['Event', '?'],
    ['Site', '?'],
    ['Date', '????.??.??'],
    ['Round', '?'],
    ['White', '?'],
    ['Black', '?'],
  ] as const)
    out.push([k, tags[k] ?? d]);
  out.push(['Result', result]);
  out.push(['Variant', rs.def.id]);
  if (rs.array.id !== rs.def.arrays[0]!.id) out.push(['Array', rs.array.id]);
  const changed = rs.def.switches.filter((s) => rs.switches[s.name] !== s.values[0]);
  if (changed.length)
    out.push(['Rules', changed.map((s) => `${s.name}=${rs.switches[s.name]}`).join(', ')]);
  if (!position.startedFromArray()) {
    out.push(['SetUp', '1']);
    out.push(['FEN', position.startFen]);
  }
  const known = new Set(out.map(([k]) => k));
  for (const [k, v] of Object.entries(tags)) if (!known.has(k)) out.push([k, v]);
  const header = out.map(([k, v]) => `[${k} "${escape(v)}"]`).join('\n');

  const startFields = position.startFen.split(' ');
  let moveNo = Number(startFields[5] ?? '1');
  let black = startFields[1] === 'b';
  const words: string[] = [];
  position.history().forEach((m, ply) => {
    if (!black) words.push(`${moveNo}.`);
    else if (ply === 0) words.push(`${moveNo}...`);
    words.push(m.san);
    const c = comments[ply];
    if (c) words.push(`{${c.replace(/}/g, ')')}}`);
    if (black) moveNo++;
    black = !black;
  });
  words.push(result);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return `${header}\n\n${lines.join('\n')}\n`;
}
