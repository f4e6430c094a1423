/**
 * The form that creates an online game: variant, array, rule switches, time control (live minutes
 * + increment, correspondence days per move, or none), colour, rated or casual, and whether the
 * game is posted in the lobby. The server checks everything again; its refusal is shown as it is.
 * It follows who is signed in for as long as its page lives.
 */
import { COLOR_CHOICES, type CreateGameRequest } from '@citadel/protocol';
import { h } from '../dom.ts';
import { MENU, variantDef } from '../variants.ts';
import { accountStatus, onAccount, type AccountStatus } from './account-state.ts';
import { openSignIn } from './sign-in-dialog.ts';

type ClockKind = 'live' | 'correspondence' | 'none';

let formCount = 0;

export class ChallengeForm {
  readonly element: HTMLFormElement;
  private readonly variant: HTMLSelectElement;
  private readonly array: HTMLSelectElement;
  private readonly switches = h('div', { class: 'challenge-switches' });
  private readonly minutes: HTMLInputElement;
  private readonly increment: HTMLInputElement;
  private readonly days: HTMLInputElement;
  private readonly color: HTMLSelectElement;
  private readonly rated: HTMLInputElement;
  private readonly lobby: HTMLInputElement;
  private readonly error = h('p', { class: 'form-error', role: 'alert' });
  /** Why "Rated" is off for a guest, with the way to sign in; the rule for a signed-in player. */
  private readonly ratedNote = h('p', { class: 'rated-note' });
  private readonly submit: HTMLButtonElement;
  private clockKind: ClockKind = 'live';

  /**
   * `create` sends the request and resolves to an error sentence, or null when it worked;
   * `options.signal` is the life of the page the form is on.
   */
  constructor(
    variant: string,
    private readonly create: (request: CreateGameRequest) => Promise<string | null>,
    options: { lobby: boolean; submitLabel: string; signal: AbortSignal },
  ) {
    const n = ++formCount;
    const id = (name: string): string => `challenge-${n}-${name}`;
    const label = (name: string, text: string, control: HTMLElement): HTMLElement =>
      h('label', { class: 'field', for: id(name) }, h('span', {}, text), control);
    this.variant = h(
      'select',
      { id: id('variant'), onchange: () => this.variantChanged() },
      MENU.map((v) => h('option', { value: v.id, selected: v.id === variant }, v.short)),
    );
    this.array = h('select', { id: id('array') });
    const number = (name: string, value: number, min: number, max: number): HTMLInputElement =>
      h('input', { id: id(name), type: 'number', value, min, max, step: 1, inputmode: 'numeric' });
    this.minutes = number('minutes', 5, 0, 180);
    this.increment = number('increment', 3, 0, 180);
    this.days = number('days', 3, 1, 14);
    const clockChoice = (kind: ClockKind, text: string): HTMLElement =>
      h(
        'label',
        { class: 'radio' },
        h('input', {
          type: 'radio',
          name: id('clock'),
          value: kind,
          checked: kind === 'live',
          onchange: () => {
            this.clockKind = kind;
            this.showClock();
          },
        }),
        text,
      );
    this.color = h(
      'select',
      { id: id('color') },
      COLOR_CHOICES.map((c) =>
        h('option', { value: c, selected: c === 'random' }, c[0]!.toUpperCase() + c.slice(1)),
      ),
    );
    this.rated = h('input', { id: id('rated'), type: 'checkbox' });
    this.lobby = h('input', { id: id('lobby'), type: 'checkbox', checked: options.lobby });
    this.submit = h('button', { type: 'submit', class: 'primary' }, options.submitLabel);
    this.element = h(
      'form',
      {
        class: 'challenge-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void this.send();
        },
      },
      label('variant', 'Variant', this.variant),
      label('array', 'Array', this.array),
      this.switches,
      h(
        'fieldset',
        { class: 'clock-choice' },
        h('legend', {}, 'Time control'),
        clockChoice('live', 'Live'),
        clockChoice('correspondence', 'Correspondence'),
        clockChoice('none', 'None'),
        h(
          'div',
          { class: 'clock-live' },
          label('minutes', 'Minutes', this.minutes),
          label('increment', 'Increment (s)', this.increment),
        ),
        h('div', { class: 'clock-days' }, label('days', 'Days per move', this.days)),
      ),
      label('color', 'Your colour', this.color),
      h('label', { class: 'check', for: id('rated') }, this.rated, 'Rated'),
      this.ratedNote,
      h('label', { class: 'check', for: id('lobby') }, this.lobby, 'List in the lobby'),
      this.error,
      this.submit,
    );
    this.variantChanged();
    this.showClock();
    this.showRated(accountStatus());
    onAccount(options.signal, (a) => this.showRated(a));
  }

  private showRated(a: AccountStatus): void {
    const can = a.kind === 'signed-in';
    this.rated.disabled = !can;
    if (!can) this.rated.checked = false;
    if (can) {
      this.ratedNote.textContent = `As ${a.account.username}: a rated game needs your opponent signed in too.`;
      return;
    }
    this.ratedNote.replaceChildren(
      'A rated game needs an account on both sides: ',
      h(
        'button',
        { type: 'button', class: 'link-button', onclick: () => void openSignIn() },
        'sign in',
      ),
      ' to play one.',
    );
  }

  private variantChanged(): void {
    const def = variantDef(this.variant.value)!;
    this.array.replaceChildren(...def.arrays.map((a) => h('option', { value: a.id }, a.name)));
    this.array.disabled = def.arrays.length < 2;
    this.switches.replaceChildren(
      ...def.switches.map((s) =>
        h(
          'label',
          { class: 'field', title: s.description },
          h('span', {}, s.name[0]!.toUpperCase() + s.name.slice(1).replaceAll('-', ' ')),
          h(
            'select',
            { 'data-switch': s.name },
            s.values.map((v) => h('option', { value: v }, v)),
          ),
        ),
      ),
    );
  }

  private showClock(): void {
    this.element.querySelector<HTMLElement>('.clock-live')!.hidden = this.clockKind !== 'live';
    this.element.querySelector<HTMLElement>('.clock-days')!.hidden =
      this.clockKind !== 'correspondence';
  }

  /** The request the form describes. */
  read(): CreateGameRequest {
    const def = variantDef(this.variant.value)!;
    const rules: Record<string, string> = {};
    for (const select of this.switches.querySelectorAll<HTMLSelectElement>('select[data-switch]')) {
      const spec = def.switches.find((s) => s.name === select.dataset['switch']);
      if (spec && select.value !== spec.values[0]) rules[spec.name] = select.value;
    }
    const clock =
      this.clockKind === 'live'
        ? {
            initial: Math.round(Number(this.minutes.value) * 60),
            increment: Math.round(Number(this.increment.value)),
          }
        : this.clockKind === 'correspondence'
          ? { daysPerMove: Math.round(Number(this.days.value)) }
          : undefined;
    return {
      variant: def.id,
      array: this.array.value,
      ...(Object.keys(rules).length ? { rules } : {}),
      ...(clock ? { clock } : {}),
      color: this.color.value as CreateGameRequest['color'],
      rated: this.rated.checked,
      lobby: this.lobby.checked,
    };
  }

  private async send(): Promise<void> {
    this.submit.disabled = true;
    this.error.textContent = '';
    const problem = await this.create(this.read());
    this.submit.disabled = false;
    this.error.textContent = problem ?? '';
  }
}
