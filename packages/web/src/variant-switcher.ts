/**
 * The header's variant switcher: a menu of every variant on every variant's page; choosing one
 * opens the same page (play, rules, analysis, editor) for that variant.
 */
import { h } from './dom.ts';
import { MENU } from './variants.ts';

export class VariantSwitcher {
  readonly element: HTMLElement;
  private readonly select: HTMLSelectElement;

  constructor(choose: (id: string) => void) {
    this.select = h(
      'select',
      { id: 'variant-switcher', name: 'variant-switcher' },
      MENU.map((v) => h('option', { value: v.id }, v.short)),
    );
    this.select.addEventListener('change', () => choose(this.select.value));
    this.element = h('label', { class: 'variant-switcher' }, h('span', {}, 'Variant'), this.select);
  }

  /** Shows the page's variant; hidden on pages without one. */
  show(variant: string | null): void {
    this.element.hidden = variant === null;
    if (variant) this.select.value = variant;
  }
}
