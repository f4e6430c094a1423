/**
 * The variant names the `citadel` command and `citadel uci` accept: the variants of docs/rules.md
 * §6 and the two stand-ins Fairy-Stockfish can play as well (`husun10`, `tamerlane11`), offered for
 * matches against it. The rules core defines further rectangular stand-ins for the perft benchmark
 * (`tamerlane-rect`, `tamerlane-full-rect`, `persian-rect`); they are measuring boards, not games,
 * and are not offered here.
 */
import { VARIANT_IDS, type Result, err, ok } from '@citadel/core';
import { quoteInput } from './input-text.ts';

export const FSF_STAND_INS: readonly string[] = ['husun10', 'tamerlane11'];

/** Every name accepted, our variants first. */
export const OFFERED_VARIANTS: readonly string[] = [...VARIANT_IDS, ...FSF_STAND_INS];

const OFFERED = new Set(OFFERED_VARIANTS);

/** The name when it is an offered variant, else an error that lists the choices. */
export function checkVariant(name: string): Result<string> {
  if (OFFERED.has(name)) return ok(name);
  return err(`unknown variant ${quoteInput(name)} (choose: ${OFFERED_VARIANTS.join(', ')})`);
}
