/**
 * Perft with the reference move generator.
 *
 *   npx tsx packages/core/test/reference/perft-cli.ts <variant> <depth>
 *       [--fen F] [--array A] [--rule k=v]... [--divide] [--moves]
 *
 * --divide prints the count below every legal move; --moves lists the legal moves and exits.
 */
import {
  referenceDivide,
  referenceLegalMoves,
  referencePerft,
  referenceStart,
} from './reference.ts';
import type { ReferenceOptions } from './reference.ts';

function usage(): never {
  console.error(
    'usage: perft-cli.ts <variant> <depth> [--fen F] [--array A] [--rule k=v]... [--divide] [--moves]',
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const positional: string[] = [];
let fen: string | null = null;
let array: string | null = null;
const rules: Record<string, string> = {};
let divide = false;
let listMoves = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--fen') fen = args[++i] ?? usage();
  else if (a === '--array') array = args[++i] ?? usage();
  else if (a === '--rule') {
    const kv = args[++i] ?? usage();
    const eq = kv.indexOf('=');
    if (eq < 1) usage();
    rules[kv.slice(0, eq)] = kv.slice(eq + 1);
  } else if (a === '--divide') divide = true;
  else if (a === '--moves') listMoves = true;
  else if (a.startsWith('--')) usage();
  else positional.push(a);
}
const [variant, depthText] = positional;
if (variant === undefined || (depthText === undefined && !listMoves)) usage();
const depth = Number(depthText ?? '1');
if (!Number.isInteger(depth) || depth < 0) usage();

const options: ReferenceOptions = {};
if (array !== null) options.array = array;
if (Object.keys(rules).length > 0) options.rules = rules;

const start = fen ?? referenceStart(variant, options);
console.log(
  `variant ${variant}${array ? ` array ${array}` : ''}${Object.keys(rules).length ? ` rules ${JSON.stringify(rules)}` : ''}`,
);
console.log(`fen ${start}`);
if (listMoves) {
  const moves = referenceLegalMoves(variant, start, options);
  console.log(`${moves.length} moves: ${moves.join(' ')}`);
  process.exit(0);
}
const t0 = Date.now();
if (divide) {
  let total = 0;
  for (const [m, n] of referenceDivide(variant, start, depth, options)) {
    console.log(`${m}: ${n}`);
    total += n;
  }
  console.log(`\ntotal ${total}`);
} else {
  console.log(`perft ${depth} = ${referencePerft(variant, start, depth, options)}`);
}
console.log(`time ${((Date.now() - t0) / 1000).toFixed(2)} s`);
