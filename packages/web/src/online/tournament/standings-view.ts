/**
 * A tournament's standings as a table, best first: rank, player (the signed-in one marked), score
 * with the fire mark of a player whose next game scores double, games played (wins, draws,
 * losses) and performance. Rows are keyed by name and kept between updates, so a screen reader's
 * place in the table survives a push. Its podium: the first three, once the tournament is over.
 */
import type { Standing } from '@citadel/protocol';
import { h } from '../../dom.ts';

/** Said by the fire mark to those who cannot see it. */
const FIRE_WORDS = 'on fire: the next win scores double';

export class StandingsView {
  private readonly body = h('tbody');
  private readonly empty = h('p', { class: 'empty' }, 'Nobody has joined yet.');
  readonly element = h(
    'div',
    { class: 'standings' },
    h(
      'table',
      { class: 'standings-table' },
      h('caption', { class: 'visually-hidden' }, 'Standings'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', class: 'num' }, '#'),
          h('th', { scope: 'col' }, 'Player'),
          h('th', { scope: 'col', class: 'num' }, 'Score'),
          h('th', { scope: 'col', class: 'num', title: 'wins / draws / losses' }, 'Games'),
          h('th', { scope: 'col', class: 'num perf' }, 'Perf.'),
        ),
      ),
      this.body,
    ),
    this.empty,
  );

  /** Shows `standings`; `me`: the signed-in player's name, marked in the table. */
  render(standings: readonly Standing[], me: string | null): void {
    this.empty.hidden = standings.length > 0;
    this.body.replaceChildren(...standings.map((s) => this.row(s, me)));
  }

  private row(s: Standing, me: string | null): HTMLElement {
    const fire = s.fire
      ? h('span', { class: 'fire', role: 'img', 'aria-label': FIRE_WORDS, title: FIRE_WORDS }, '🔥')
      : null;
    const notes = [
      s.playing ? h('span', { class: 'row-tag playing' }, 'playing') : null,
      s.withdrawn ? h('span', { class: 'row-tag' }, 'withdrawn') : null,
    ].filter((n) => n !== null);
    return h(
      'tr',
      {
        'data-player': s.name,
        class: s.name === me ? 'me' : null,
        'aria-current': s.name === me ? 'true' : null,
      },
      h('td', { class: 'num' }, String(s.rank)),
      h(
        'td',
        { class: 'player' },
        h('a', { href: `/player/${s.name}`, 'data-link': true }, s.name),
        h('span', { class: 'rating' }, ` ${s.rating}`),
        ...notes,
      ),
      h('td', { class: 'num score' }, h('strong', {}, String(s.score)), fire),
      h(
        'td',
        { class: 'num', title: `${s.wins} won, ${s.draws} drawn, ${s.losses} lost` },
        `${s.games} (${s.wins}/${s.draws}/${s.losses})`,
      ),
      h('td', { class: 'num perf' }, s.performance === undefined ? '–' : String(s.performance)),
    );
  }
}

/** The first three of the final standings, in that order (the style sets them on steps 2, 1, 3). */
export function podium(standings: readonly Standing[]): HTMLElement {
  const place = (s: Standing | undefined, step: 1 | 2 | 3): HTMLElement | null =>
    s
      ? h(
          'li',
          { class: `podium-step step-${step}` },
          h('span', { class: 'podium-rank' }, ['1st', '2nd', '3rd'][step - 1]!),
          h('a', { class: 'podium-name', href: `/player/${s.name}`, 'data-link': true }, s.name),
          h('span', { class: 'podium-score' }, `${s.score} points`),
        )
      : null;
  const steps = [place(standings[0], 1), place(standings[1], 2), place(standings[2], 3)];
  return h('ol', { class: 'podium', 'aria-label': 'Podium' }, ...steps.filter((s) => s !== null));
}
