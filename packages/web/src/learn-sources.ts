/**
 * Where a reader finds the rules page's sources: the web address of each source the variants
 * cite (core's `sources`, by their exact text) that can be read online. Books and manuscripts
 * have none and are shown as plain citations.
 */
import { h } from './dom.ts';

export const SOURCE_LINKS: ReadonlyMap<string, string> = new Map([
  [
    'Citadel chess – Shatranj al-husun, The Chess Variant Pages (after J. Gollon, Chess Variations: Ancient, Regional, and Modern)',
    'https://www.chessvariants.com/historic.dir/citadel.html',
  ],
  [
    'Shatranj al-Husun in the Ludii game database (Digital Ludeme Project)',
    'https://ludii.games/details.php?keyword=Shatranj%20al-Husun',
  ],
  [
    'Shatranj al-Kabir in the Ludii game database (Digital Ludeme Project), after H. J. R. Murray, A History of Chess (Oxford, 1913), pp. 344–346',
    'https://ludii.games/details.php?keyword=Shatranj%20al-Kabir',
  ],
  ['Tamerlane chess, Wikipedia', 'https://en.wikipedia.org/wiki/Tamerlane_chess'],
  [
    'Persian Chess – An ancient game for today: the website of its designer, Anooshiravan Ahmadi, with the rules and a Play! page',
    'http://www.persianchess.com/',
  ],
  [
    'Persian Chess on The Chess Variant Pages, by its designer',
    'https://www.chessvariants.com/rules/persian-chess',
  ],
  ['FIDE Laws of Chess', 'https://handbook.fide.com/'],
  ['Shatranj as the Fairy-Stockfish engine plays it', 'https://fairy-stockfish.github.io/'],
]);

/** A source as a list item: a link when it can be read online, else the citation. */
export function sourceItem(source: string): HTMLElement {
  const url = SOURCE_LINKS.get(source);
  return h(
    'li',
    {},
    url ? h('a', { href: url, rel: 'noopener', target: '_blank' }, source) : source,
  );
}
