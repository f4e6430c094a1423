/**
 * The play page's address, `/play/<variant>?array=<id>&rules=<name>=<value>,...`: the address a
 * game is shown at (its array and rule switches, each left out at its default), and the game an
 * address opens (the variant's saved game, unless the address asks for another array or other
 * rules, then a new game with the player's last choices).
 */
import type { VariantDef } from '@citadel/core';
import { loadGame, loadSettings, type Game, type GameSetup } from '../game.ts';
import { arrayFromUrl, arrayProblem, query, rulesFromUrl, rulesQuery } from '../page-params.ts';
import { variantDef } from '../variants.ts';
import { newGameFrom } from './play-controller.ts';

/** The address of a game. */
export function playUrl(game: Game): string {
  const def = variantDef(game.setup.variant)!;
  const array = game.setup.array !== def.arrays[0]!.id ? `array=${game.setup.array}` : '';
  return `/play/${def.id}${query(array, rulesQuery(game.setup.rules))}`;
}

/** Whether two sets of rule switches are the same (absent and empty alike). */
const sameRules = (a: GameSetup['rules'], b: GameSetup['rules']): boolean =>
  rulesQuery(a) === rulesQuery(b);

/**
 * The game the address opens, and what in the address was not used ('' when all of it was): an
 * unknown array, unknown switches or values.
 */
export function gameToOpen(
  def: VariantDef,
  params: URLSearchParams,
): { game: Game; problem: string } {
  const wantedArray = params.get('array');
  const arrayId = arrayFromUrl(def, params);
  const wanted = rulesFromUrl(def, params);
  const saved = loadGame(def.id);
  const keep =
    saved &&
    (!wantedArray || saved.setup.array === arrayId) &&
    (!params.has('rules') || sameRules(saved.setup.rules, wanted.rules));
  const game = keep
    ? saved
    : newGameFrom({
        variant: def.id,
        array: wantedArray ? arrayId : (saved?.setup.array ?? arrayId),
        ...loadSettings(),
        rules: wanted.rules,
      });
  return { game, problem: [arrayProblem(def, params), wanted.error].filter(Boolean).join(' ') };
}
