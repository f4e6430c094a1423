/**
 * A reusable control for a variant's rule switches (the rules page lists them): one menu per
 * switch, its first value the default. It reads back only the switches set to something other
 * than their default, as the core's `RulesetOptions.rules` and a PGN `Rules` tag take them.
 */
import type { VariantDef } from '@citadel/core';
import { h } from './dom.ts';
import { houseRuleText } from './house-rule.ts';

export class RuleSwitches {
  /** Empty (and hidden) for a variant without switches. */
  readonly element: HTMLElement;
  private readonly selects = new Map<string, HTMLSelectElement>();

  /** `changed` runs after the user changes a switch. */
  constructor(
    private readonly def: VariantDef,
    changed: () => void,
  ) {
    this.element = h(
      'fieldset',
      { class: 'rule-switches', hidden: def.switches.length === 0 },
      h('legend', {}, 'Rule switches'),
      def.switches.map((s) => {
        const select = h(
          'select',
          { id: `rule-${s.name}`, name: `rule-${s.name}`, 'data-switch': s.name },
          s.values.map((v, i) => h('option', { value: v }, i === 0 ? `${v} (default)` : v)),
        );
        select.addEventListener('change', changed);
        this.selects.set(s.name, select);
        return h(
          'label',
          { class: 'rule-switch' },
          h('span', { class: 'rule-switch-text' }, houseRuleText(s.description)),
          select,
        );
      }),
    );
  }

  /** Shows these switch values (missing ones at their default). */
  show(rules: Readonly<Record<string, string>> | undefined): void {
    for (const s of this.def.switches) {
      const value = rules && Object.hasOwn(rules, s.name) ? rules[s.name]! : s.values[0]!;
      this.selects.get(s.name)!.value = s.values.includes(value) ? value : s.values[0]!;
    }
  }

  /** The switches set away from their default, or undefined when none is. */
  read(): Record<string, string> | undefined {
    const out: Record<string, string> = {};
    for (const s of this.def.switches) {
      const value = this.selects.get(s.name)!.value;
      if (value !== s.values[0]) out[s.name] = value;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
}
