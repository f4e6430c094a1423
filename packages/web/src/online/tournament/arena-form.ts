/**
 * The form that makes an arena (signed-in players): name (optional: the server names it after its
 * maker), variant, clock, length, start (now or a time) and rated or casual. The server checks
 * everything again (a clock too slow for the length, a start too far ahead, too many arenas made
 * today) and its refusal is shown as it is; a start time that cannot be read is said here.
 */
import {
  ARENA_DEFAULT_MINUTES,
  ARENA_MAX_MINUTES,
  ARENA_MIN_MINUTES,
  type CreateTournamentRequest,
} from '@citadel/protocol';
import { h } from '../../dom.ts';
import { MENU } from '../../variants.ts';

export class ArenaForm {
  readonly element: HTMLFormElement;
  private readonly name = h('input', {
    id: 'arena-name',
    type: 'text',
    maxlength: 40,
    autocomplete: 'off',
    placeholder: 'Your name’s arena',
  });
  private readonly variant = h(
    'select',
    { id: 'arena-variant' },
    MENU.map((v) => h('option', { value: v.id }, v.short)),
  );
  private readonly clockMinutes = number('arena-clock', 3, 0, 60);
  private readonly increment = number('arena-increment', 2, 0, 60);
  private readonly minutes = number(
    'arena-minutes',
    ARENA_DEFAULT_MINUTES,
    ARENA_MIN_MINUTES,
    ARENA_MAX_MINUTES,
  );
  private readonly startNow = h('input', {
    type: 'radio',
    name: 'arena-start',
    id: 'arena-start-now',
    checked: true,
    onchange: () => this.showStart(),
  });
  private readonly startLater = h('input', {
    type: 'radio',
    name: 'arena-start',
    id: 'arena-start-later',
    onchange: () => this.showStart(),
  });
  private readonly startAt = h('input', { id: 'arena-start-at', type: 'datetime-local' });
  private readonly rated = h('input', { id: 'arena-rated', type: 'checkbox', checked: true });
  private readonly error = h('p', { class: 'form-error', role: 'alert' });
  private readonly submit = h('button', { type: 'submit', class: 'primary' }, 'Create the arena');

  /** `create` sends the request and resolves to an error sentence, or null when it worked. */
  constructor(private readonly create: (r: CreateTournamentRequest) => Promise<string | null>) {
    const label = (id: string, text: string, control: HTMLElement): HTMLElement =>
      h('label', { class: 'field', for: id }, h('span', {}, text), control);
    this.element = h(
      'form',
      {
        class: 'tournament-form',
        'aria-label': 'New arena',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void this.send();
        },
      },
      label('arena-name', 'Name', this.name),
      label('arena-variant', 'Variant', this.variant),
      label('arena-clock', 'Clock (min)', this.clockMinutes),
      label('arena-increment', 'Increment (s)', this.increment),
      label('arena-minutes', 'Length (min)', this.minutes),
      h(
        'fieldset',
        {},
        h('legend', {}, 'Start'),
        h('label', { class: 'radio', for: 'arena-start-now' }, this.startNow, 'Now'),
        h('label', { class: 'radio', for: 'arena-start-later' }, this.startLater, 'At a time'),
        label('arena-start-at', 'Starts at', this.startAt),
      ),
      h('label', { class: 'check', for: 'arena-rated' }, this.rated, 'Rated'),
      this.error,
      this.submit,
    );
    this.showStart();
  }

  private showStart(): void {
    const field = this.startAt.closest<HTMLElement>('.field');
    if (field) field.hidden = !this.startLater.checked;
  }

  /** The request the form describes, or the sentence that says what is wrong with it. */
  read(): CreateTournamentRequest | string {
    let startsAt: number | undefined;
    if (this.startLater.checked) {
      startsAt = new Date(this.startAt.value).getTime();
      if (!this.startAt.value || !Number.isFinite(startsAt))
        return 'Choose the day and time the arena starts, or start it now.';
    }
    const name = this.name.value.trim();
    return {
      kind: 'arena',
      ...(name ? { name } : {}),
      variant: this.variant.value,
      clock: {
        initial: Math.round(Number(this.clockMinutes.value) * 60),
        increment: Math.round(Number(this.increment.value)),
      },
      minutes: Math.round(Number(this.minutes.value)),
      ...(startsAt === undefined ? {} : { startsAt }),
      rated: this.rated.checked,
    };
  }

  private async send(): Promise<void> {
    const request = this.read();
    if (typeof request === 'string') {
      this.error.textContent = request;
      return;
    }
    this.submit.disabled = true;
    this.error.textContent = '';
    const problem = await this.create(request);
    this.submit.disabled = false;
    this.error.textContent = problem ?? '';
  }
}

function number(id: string, value: number, min: number, max: number): HTMLInputElement {
  return h('input', { id, type: 'number', value, min, max, step: 1, inputmode: 'numeric' });
}
