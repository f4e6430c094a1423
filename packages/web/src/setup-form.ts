/**
 * The play page's game choices: array, opponent, side, engine level and time control (the
 * variant is chosen in the header, variant-switcher.ts).
 * It shows a game's setup, reads the choices back as a new setup, and remembers them as the
 * user's settings; what a change means for the game on the board is the page's decision.
 */
import type { Color, VariantDef } from '@citadel/core';
import { levelMovetime, MAX_LEVEL } from '@citadel/engine';
import { h } from './dom.ts';
import { RuleSwitches } from './rule-switches.ts';
import {
  saveSettings,
  validClock,
  type GameSetup,
  type Opponent,
  type TimeControl,
} from './game.ts';

/**
 * A level's think time in words. Measured (scripts/level-times.ts): levels 1-6 usually stop at
 * their node limit before their time is up; levels 7-10 use their whole time, give or take a
 * tenth of a second.
 */
export function levelTimeText(level: number): string {
  const seconds = levelMovetime(level) / 1000;
  const strength = level === MAX_LEVEL ? 'Full strength: thinks' : 'Thinks';
  return level >= 7
    ? `${strength} about ${seconds} s a move`
    : `${strength} up to ${seconds} s a move`;
}

export interface SetupFormEvents {
  /** Another array was chosen. */
  readonly array: () => void;
  /** The opponent, side or time control changed (the settings are saved already). */
  readonly choice: () => void;
  /** The level slider moved (the settings are saved already). */
  readonly level: (level: number) => void;
}

export class SetupForm {
  readonly element: HTMLFormElement;
  private readonly arraySelect: HTMLSelectElement;
  private readonly opponentSelect: HTMLSelectElement;
  private readonly sideSelect: HTMLSelectElement;
  private readonly levelInput: HTMLInputElement;
  private readonly levelOut: HTMLOutputElement;
  /** The level's think time, in words under the slider (seen on touch screens too). */
  private readonly levelTime: HTMLSpanElement;
  private readonly timeSelect: HTMLSelectElement;
  private readonly minutesInput: HTMLInputElement;
  private readonly incrementInput: HTMLInputElement;
  private readonly clockFields: HTMLElement;
  private readonly note: HTMLElement;
  private readonly switches: RuleSwitches;

  constructor(
    private readonly def: VariantDef,
    events: SetupFormEvents,
  ) {
    this.arraySelect = h(
      'select',
      { id: 'array', name: 'array', disabled: def.arrays.length < 2 },
      def.arrays.map((a) => h('option', { value: a.id }, a.name)),
    );
    this.opponentSelect = h(
      'select',
      { id: 'opponent', name: 'opponent' },
      h('option', { value: 'engine' }, 'the engine'),
      h('option', { value: 'human' }, 'a friend (one device)'),
    );
    this.sideSelect = h(
      'select',
      { id: 'side', name: 'side' },
      h('option', { value: 'white' }, 'White'),
      h('option', { value: 'black' }, 'Black'),
    );
    this.levelInput = h('input', {
      id: 'level',
      name: 'level',
      type: 'range',
      min: 1,
      max: 10,
      step: 1,
      'aria-labelledby': 'level-label',
    });
    this.levelOut = h('output', { for: 'level', class: 'level-out' });
    this.levelTime = h('span', { class: 'level-time', 'aria-live': 'polite' });
    this.timeSelect = h(
      'select',
      { id: 'time-control', name: 'time-control' },
      h('option', { value: 'none' }, 'No clock'),
      h('option', { value: 'clock' }, 'Clock'),
    );
    this.minutesInput = h('input', {
      id: 'clock-minutes',
      name: 'clock-minutes',
      type: 'number',
      min: 0.05,
      max: 600,
      step: 'any',
      value: 5,
      'aria-label': 'Minutes per side',
    });
    this.incrementInput = h('input', {
      id: 'clock-increment',
      name: 'clock-increment',
      type: 'number',
      min: 0,
      max: 600,
      step: 1,
      value: 3,
      'aria-label': 'Increment in seconds',
    });
    this.clockFields = h(
      'span',
      { class: 'clock-fields' },
      this.minutesInput,
      h('span', { 'aria-hidden': 'true' }, 'min +'),
      this.incrementInput,
      h('span', { 'aria-hidden': 'true' }, 's'),
    );
    this.note = h('p', { class: 'note' });
    this.switches = new RuleSwitches(def, () => choiceChanged());
    this.element = h(
      'form',
      { class: 'setup', onsubmit: (e: Event) => e.preventDefault() },
      h('label', {}, h('span', {}, 'Array'), this.arraySelect),
      h('label', {}, h('span', {}, 'Play against'), this.opponentSelect),
      h('label', { class: 'side-row' }, h('span', {}, 'Play as'), this.sideSelect),
      h(
        'label',
        { class: 'level-row' },
        h('span', { id: 'level-label' }, 'Engine level'),
        this.levelInput,
        this.levelOut,
      ),
      h('div', { class: 'level-time-row' }, h('span', {}, ''), this.levelTime),
      h('label', { class: 'time-row' }, h('span', {}, 'Time control'), this.timeSelect),
      h('div', { class: 'clock-row' }, h('span', {}, ''), this.clockFields),
      this.switches.element,
      this.note,
    );

    this.arraySelect.addEventListener('change', () => events.array());
    const choiceChanged = (): void => {
      const f = this.read();
      saveSettings({ opponent: f.opponent, side: f.side, level: f.level, clock: f.clock ?? null });
      this.clockFields.hidden = this.timeSelect.value !== 'clock';
      events.choice();
      this.syncSideLevel();
    };
    for (const input of [
      this.opponentSelect,
      this.sideSelect,
      this.timeSelect,
      this.minutesInput,
      this.incrementInput,
    ])
      input.addEventListener('change', choiceChanged);
    this.levelInput.addEventListener('input', () => {
      const f = this.read();
      this.showLevel(f.level);
      saveSettings({ opponent: f.opponent, side: f.side, level: f.level, clock: f.clock ?? null });
      events.level(f.level);
    });
  }

  /** The level's number, and its think time under the slider. */
  private showLevel(level: number): void {
    this.levelOut.textContent = String(level);
    this.levelTime.textContent = levelTimeText(level);
    this.levelInput.setAttribute('aria-valuetext', `Level ${level}: ${this.levelTime.textContent}`);
  }

  /** Shows a game's setup (and whether its array is a reconstruction). */
  show(setup: GameSetup): void {
    this.arraySelect.value = setup.array;
    this.opponentSelect.value = setup.opponent;
    this.sideSelect.value = setup.side;
    this.levelInput.value = String(setup.level);
    this.showLevel(setup.level);
    const tc = setup.clock ?? null;
    this.timeSelect.value = tc ? 'clock' : 'none';
    if (tc) {
      this.minutesInput.value = String(tc.minutes);
      this.incrementInput.value = String(tc.increment);
    }
    this.clockFields.hidden = !tc;
    this.switches.show(setup.rules);
    this.syncSideLevel();
    const array = this.def.arrays.find((a) => a.id === setup.array);
    this.setNote(
      array?.reconstructed ? 'This array is reconstructed from incomplete sources.' : '',
    );
  }

  /** The setup of a new game as the form now stands. */
  read(): GameSetup {
    return {
      variant: this.def.id,
      array: this.arraySelect.value,
      opponent: this.opponentSelect.value as Opponent,
      side: this.sideSelect.value as Color,
      level: Number(this.levelInput.value),
      clock: this.clock(),
      rules: this.switches.read(),
    };
  }

  setNote(text: string): void {
    this.note.textContent = text;
  }

  private clock(): TimeControl | null {
    if (this.timeSelect.value !== 'clock') return null;
    return validClock({
      minutes: Number(this.minutesInput.value),
      increment: Number(this.incrementInput.value),
    });
  }

  /** Side and level matter only against the engine. */
  private syncSideLevel(): void {
    const engine = this.opponentSelect.value === 'engine';
    this.sideSelect.disabled = !engine;
    this.levelInput.disabled = !engine;
    this.levelTime.hidden = !engine;
  }
}
