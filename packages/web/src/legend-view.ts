/**
 * The piece legend beside the board (every kind the game can show, tagged pawns with what they
 * become, the citadel mark) and the line under the board naming the hovered cell and its piece;
 * hovering a piece also highlights its kind in the legend.
 */
import { colorName, colorTitle, type ColorIndex, type Position } from '@citadel/core';
import { hasCitadels, legend, pieceSvg } from './adapter.ts';
import { h, svg } from './dom.ts';

export class LegendView {
  readonly box = h('section', { class: 'legend', 'aria-label': 'Pieces' });
  /** The line under the board. */
  readonly hoverInfo = h('div', { class: 'hover-info', 'aria-hidden': 'true' }, '\u00a0');
  private hoverKind: string | null = null;
  /** The cell under the pointer, so a new position can be described under it. */
  private hoverSquare: string | null = null;
  /** What each tagged pawn kind becomes, by kind. */
  private becomes = new Map<string, string>();

  /** Builds the legend for a game that started at `start`. */
  build(start: Position): void {
    const { pieces, pawns } = legend(start);
    this.becomes = new Map(pawns.flatMap((p) => (p.becomes ? [[p.kind, p.becomes]] : [])));
    const item = (e: (typeof pieces)[number]): HTMLElement =>
      h(
        'li',
        {
          class: 'legend-item',
          'data-kind': e.kind,
          title: e.becomes ? `${e.name}: becomes ${e.becomes}` : e.name,
        },
        svg(pieceSvg(e.kind, 'white', e.letter), 'legend-img'),
        h('span', { class: 'legend-name' }, e.name.replace(/^Pawn of /, 'of ')),
        h('span', { class: 'legend-letter' }, e.letter),
      );
    const parts: Array<HTMLElement | null | false> = [
      h('h2', {}, 'Pieces'),
      h('ul', { class: 'legend-list' }, pieces.map(item)),
      pawns.length ? h('h3', {}, 'Pawns — the badge shows what each becomes') : null,
      pawns.length ? h('ul', { class: 'legend-list pawns' }, pawns.map(item)) : null,
      hasCitadels(start) &&
        h(
          'p',
          { class: 'legend-citadel' },
          h('span', { class: 'citadel-swatch' }, 'W'),
          ' citadel (the letter says whose)',
        ),
    ];
    this.box.replaceChildren(...parts.filter((x): x is HTMLElement => x instanceof HTMLElement));
  }

  /** The pointer is over `square` of the position `shown` (null: off the board). */
  hover(shown: Position, square: string | null): void {
    this.hoverSquare = square;
    const piece = square ? shown.pieces().find((p) => p.square === square) : undefined;
    const kind = piece?.kind ?? null;
    if (kind !== this.hoverKind) {
      this.box.querySelector('.legend-item.hover')?.classList.remove('hover');
      if (kind) this.box.querySelector(`.legend-item[data-kind="${kind}"]`)?.classList.add('hover');
      this.hoverKind = kind;
    }
    if (!square) {
      this.hoverInfo.textContent = '\u00a0';
      return;
    }
    const cell = shown.rs.geo.parseSquare(square);
    const owner = cell >= 0 ? shown.rs.geo.citadelOwner[cell]! : -1;
    const citadel = owner >= 0 ? ` — ${colorTitle(colorName(owner as ColorIndex))}'s citadel` : '';
    if (!piece) {
      this.hoverInfo.textContent = `${square}${citadel}`;
      return;
    }
    const becomes = piece.kind.startsWith('pawnOfPawns') ? undefined : this.becomes.get(piece.kind);
    const info = becomes ? ` (becomes ${becomes})` : '';
    this.hoverInfo.textContent = `${square}: ${colorTitle(piece.color)} ${piece.name}${info}${citadel}`;
  }

  /** Describes the hovered cell again in a new position (a move may have changed its piece). */
  refresh(shown: Position): void {
    this.hover(shown, this.hoverSquare);
  }
}
