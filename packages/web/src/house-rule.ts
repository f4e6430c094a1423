/**
 * Our house rules must be visibly marked on the rules page (docs/rules.md, preamble). Texts that
 * start with "house rule:" (any case) get a badge instead of the words.
 */
import { h } from './dom.ts';

/** The text with a leading "house rule:" turned into a visible badge; plain text otherwise. */
export function houseRuleText(text: string): Node {
  const m = /^house rule:\s*/i.exec(text);
  if (!m) return document.createTextNode(text);
  return h(
    'span',
    {},
    h('span', { class: 'house-rule' }, 'House rule'),
    ' ',
    text.slice(m[0].length),
  );
}
