/**
 * The play page, `/play/<variant>?array=<id>`: a game against the engine (in a Web Worker) or
 * between two players on one device, with the move list, navigation, takeback, resign, new game,
 * the end-of-game message and the piece legend. The game is saved after every change.
 */
import { Position, parsePgn, type Color, type MoveInfo } from '@citadel/core';
import {
  boardState,
  createBoard,
  hasCitadels,
  legend,
  movesFor,
  pieceSvg,
  type Board,
  type Side,
} from './adapter.ts';
import { h, svg } from './dom.ts';
import type { EngineClient } from './engine-client.ts';
import {
  Game,
  loadGame,
  loadSettings,
  saveGame,
  saveSettings,
  validClock,
  type GameSetup,
  type Opponent,
  type TimeControl,
} from './game.ts';
import { MoveChooser } from './move-chooser.ts';
import { isMuted, playSound, setMuted } from './sound.ts';
import { specialNotes } from './special.ts';
import { MENU, variantDef } from './variants.ts';

export interface PageContext {
  readonly root: HTMLElement;
  readonly engine: EngineClient;
  readonly navigate: (url: string, replace?: boolean) => void;
}

const cap = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** Renders the play page; returns a function that tears it down. */
export function playPage(ctx: PageContext, variantId: string, params: URLSearchParams): () => void {
  const def = variantDef(variantId)!;
  const settings = loadSettings();
  const wantedArray = params.get('array');
  const arrayId =
    wantedArray && def.arrays.some((a) => a.id === wantedArray) ? wantedArray : def.arrays[0]!.id;

  let game: Game;
  const saved = loadGame(def.id);
  if (saved && (!wantedArray || saved.setup.array === arrayId)) game = saved;
  else game = newGame({ variant: def.id, array: arrayId, ...settings });

  function newGame(setup: GameSetup): Game {
    const made = Game.create(setup);
    if ('error' in made) throw new Error(made.error);
    return made.game;
  }

  /** The address of this game: the variant, and the array when it is not the default. */
  const gameUrl = (): string =>
    `/play/${def.id}${game.setup.array !== def.arrays[0]!.id ? `?array=${game.setup.array}` : ''}`;
  if (location.pathname + location.search !== gameUrl()) ctx.navigate(gameUrl(), true);

  let flipped = false;
  let thinking = false;
  /** Bumped whenever the game changes under a running search, so its answer is dropped. */
  let generation = 0;
  let hoverKind: string | null = null;
  /** The engine's suggestion for the user's move, shown until the position changes. */
  let hint: MoveInfo | null = null;
  let hintPending = false;
  /** The number of moves played when the hint was given. */
  let hintAt = -1;

  // ---- elements -------------------------------------------------------------------------------

  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const result = h('div', { class: 'result', role: 'alert', hidden: true });
  const hoverInfo = h('div', { class: 'hover-info', 'aria-hidden': 'true' }, '\u00a0');
  /** Explains the special moves of the selected piece (king swap, rendezvous, castling…). */
  const specialInfo = h('div', {
    class: 'special-info',
    role: 'note',
    'aria-live': 'polite',
    hidden: true,
  });
  const boardHost = h('div', { class: 'board-host' });
  const clockEl = (color: Color): HTMLElement =>
    h(
      'div',
      { class: `clock clock-${color}`, 'data-color': color, role: 'timer', 'aria-live': 'off' },
      h('span', { class: 'clock-name' }, cap(color)),
      h('span', { class: 'clock-time' }, ''),
    );
  const clockEls: Record<Color, HTMLElement> = { white: clockEl('white'), black: clockEl('black') };
  const topClock = h('div', { class: 'clock-slot clock-top' });
  const bottomClock = h('div', { class: 'clock-slot clock-bottom' });
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    status,
    topClock,
    boardHost,
    bottomClock,
    hoverInfo,
  );
  const chooser = new MoveChooser(boardArea);

  const variantSelect = h(
    'select',
    { id: 'variant', name: 'variant' },
    MENU.map((v) => h('option', { value: v.id, selected: v.id === def.id }, v.short)),
  );
  const arraySelect = h(
    'select',
    { id: 'array', name: 'array', disabled: def.arrays.length < 2 },
    def.arrays.map((a) => h('option', { value: a.id }, a.name)),
  );
  const opponentSelect = h(
    'select',
    { id: 'opponent', name: 'opponent' },
    h('option', { value: 'engine' }, 'the engine'),
    h('option', { value: 'human' }, 'a friend (one device)'),
  );
  const sideSelect = h(
    'select',
    { id: 'side', name: 'side' },
    h('option', { value: 'white' }, 'White'),
    h('option', { value: 'black' }, 'Black'),
  );
  const levelInput = h('input', {
    id: 'level',
    name: 'level',
    type: 'range',
    min: 1,
    max: 10,
    step: 1,
  });
  const levelOut = h('output', { for: 'level', class: 'level-out' });
  const timeSelect = h(
    'select',
    { id: 'time-control', name: 'time-control' },
    h('option', { value: 'none' }, 'No clock'),
    h('option', { value: 'clock' }, 'Clock'),
  );
  const minutesInput = h('input', {
    id: 'clock-minutes',
    name: 'clock-minutes',
    type: 'number',
    min: 0.05,
    max: 600,
    step: 'any',
    value: 5,
    'aria-label': 'Minutes per side',
  });
  const incrementInput = h('input', {
    id: 'clock-increment',
    name: 'clock-increment',
    type: 'number',
    min: 0,
    max: 600,
    step: 1,
    value: 3,
    'aria-label': 'Increment in seconds',
  });
  const clockFields = h(
    'span',
    { class: 'clock-fields' },
    minutesInput,
    h('span', { 'aria-hidden': 'true' }, 'min +'),
    incrementInput,
    h('span', { 'aria-hidden': 'true' }, 's'),
  );
  const note = h('p', { class: 'note' });
  const setupForm = h(
    'form',
    { class: 'setup', onsubmit: (e: Event) => e.preventDefault() },
    h('label', {}, h('span', {}, 'Variant'), variantSelect),
    h('label', {}, h('span', {}, 'Array'), arraySelect),
    h('label', {}, h('span', {}, 'Play against'), opponentSelect),
    h('label', { class: 'side-row' }, h('span', {}, 'Play as'), sideSelect),
    h('label', { class: 'level-row' }, h('span', {}, 'Engine level'), levelInput, levelOut),
    h('label', { class: 'time-row' }, h('span', {}, 'Time control'), timeSelect),
    h('div', { class: 'clock-row' }, h('span', {}, ''), clockFields),
    note,
  );

  const newBtn = h(
    'button',
    { type: 'button', class: 'primary', onclick: () => startNewGame() },
    'New game',
  );
  const flipBtn = h(
    'button',
    { type: 'button', title: 'Flip the board', onclick: () => flip() },
    'Flip',
  );
  const takebackBtn = h('button', { type: 'button', onclick: () => takeback() }, 'Takeback');
  const resignBtn = h('button', { type: 'button', onclick: () => resign() }, 'Resign');
  const soundBtn = h('button', {
    type: 'button',
    class: 'sound-toggle',
    'aria-pressed': String(!isMuted()),
    onclick: () => toggleSound(),
  });
  function syncSoundBtn(): void {
    const on = !isMuted();
    soundBtn.textContent = on ? 'Sound on' : 'Muted';
    soundBtn.title = on ? 'Mute the sounds' : 'Turn the sounds on';
    soundBtn.setAttribute('aria-pressed', String(on));
  }
  function toggleSound(): void {
    setMuted(!isMuted());
    syncSoundBtn();
  }
  syncSoundBtn();
  const actions = h('div', { class: 'actions' }, newBtn, flipBtn, takebackBtn, resignBtn, soundBtn);

  const moveInput = h('input', {
    id: 'move-input',
    name: 'move',
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'e.g. Nf3 or g3g4',
  });
  const moveError = h('p', { class: 'move-error', role: 'alert' });
  const moveForm = h(
    'form',
    {
      class: 'move-form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        typedMove();
      },
    },
    h('label', { for: 'move-input' }, 'Type a move'),
    moveInput,
    h('button', { type: 'submit' }, 'Play'),
  );
  const hintBtn = h(
    'button',
    { type: 'button', title: "Show the engine's suggestion", onclick: () => askHint() },
    'Hint',
  );
  const analyseBtn = h(
    'button',
    {
      type: 'button',
      title: 'Analyse the position on the board',
      onclick: () => {
        const shown = game.positionAt(game.viewPly);
        const array = game.setup.array !== def.arrays[0]!.id ? `&array=${game.setup.array}` : '';
        ctx.navigate(`/analyse/${def.id}?fen=${encodeURIComponent(shown.fen())}${array}`);
      },
    },
    'Analyse',
  );
  const importBtn = h('button', { type: 'button', onclick: () => openImport() }, 'Import…');
  const pgnBtn = h(
    'button',
    { type: 'button', title: 'The whole game in PGN', onclick: () => openExport('pgn') },
    'PGN',
  );
  const fenBtn = h(
    'button',
    { type: 'button', title: 'The position on the board in FEN', onclick: () => openExport('fen') },
    'FEN',
  );
  const tools = h(
    'section',
    { class: 'tools', 'aria-label': 'Tools' },
    moveForm,
    moveError,
    h('div', { class: 'tool-row' }, hintBtn, analyseBtn, importBtn, pgnBtn, fenBtn),
  );

  const navBtn = (icon: string, title: string, to: () => number): HTMLButtonElement =>
    h(
      'button',
      { type: 'button', class: 'nav', title, 'aria-label': title, onclick: () => view(to()) },
      svg(
        `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${icon}" fill="currentColor"/></svg>`,
        'nav-icon',
      ),
    );
  const firstBtn = navBtn('M3 3h2v10H3z M13 3v10L6 8z', 'First position', () => 0);
  const prevBtn = navBtn('M11 3v10L4 8z', 'Previous move', () => game.viewPly - 1);
  const nextBtn = navBtn('M5 3v10l7-5z', 'Next move', () => game.viewPly + 1);
  const lastBtn = navBtn('M11 3h2v10h-2z M3 3v10l7-5z', 'Last move', () => game.moves().length);
  const moveList = h('ol', { class: 'moves', 'aria-label': 'Moves' });
  const movesBox = h(
    'section',
    { class: 'moves-box', 'aria-label': 'Move list' },
    h('div', { class: 'nav-row' }, firstBtn, prevBtn, nextBtn, lastBtn),
    moveList,
  );

  const legendBox = h('section', { class: 'legend', 'aria-label': 'Pieces' });
  const panel = h(
    'aside',
    { class: 'panel' },
    specialInfo,
    setupForm,
    actions,
    tools,
    movesBox,
    legendBox,
  );
  const page = h('main', { class: 'play' }, boardArea, panel);
  ctx.root.replaceChildren(page);
  const boardWrap = boardHost;
  const geo = game.position.rs.geo;
  boardWrap.style.setProperty('--aspect', String(geo.files / geo.ranks));

  const board: Board = createBoard(boardHost, {
    label: `${def.name} board`,
    onMove: (from, to) => userMove(from, to),
    onHover: (square) => showHover(square),
  });
  // The board reports moves, not selections: look at its selection after each input.
  let explained: string | null | undefined;
  function explainSelection(): void {
    const square = board.selection();
    if (square === explained) return;
    explained = square;
    const notes =
      square && game.isLive() ? specialNotes(game.positionAt(game.viewPly), square) : [];
    specialInfo.hidden = notes.length === 0;
    specialInfo.replaceChildren(
      ...notes.map((n) =>
        h('p', { 'data-special': n.kind }, h('strong', {}, `${n.title}: `), n.text),
      ),
    );
  }
  for (const type of ['pointerdown', 'pointerup', 'keydown', 'keyup', 'click'])
    boardHost.addEventListener(type, () => queueMicrotask(explainSelection));

  buildLegend();
  syncForm();

  // ---- form -----------------------------------------------------------------------------------

  function syncForm(): void {
    arraySelect.value = game.setup.array;
    opponentSelect.value = game.setup.opponent;
    sideSelect.value = game.setup.side;
    levelInput.value = String(game.setup.level);
    levelOut.textContent = String(game.setup.level);
    const tc = game.setup.clock ?? null;
    timeSelect.value = tc ? 'clock' : 'none';
    if (tc) {
      minutesInput.value = String(tc.minutes);
      incrementInput.value = String(tc.increment);
    }
    clockFields.hidden = !tc;
    const engine = game.setup.opponent === 'engine';
    sideSelect.disabled = !engine;
    levelInput.disabled = !engine;
    const array = def.arrays.find((a) => a.id === game.setup.array);
    note.textContent = array?.reconstructed
      ? 'This array is reconstructed from incomplete sources.'
      : '';
  }

  function formSetup(): GameSetup {
    return {
      variant: def.id,
      array: arraySelect.value,
      opponent: opponentSelect.value as Opponent,
      side: sideSelect.value as Color,
      level: Number(levelInput.value),
      clock: formClock(),
    };
  }

  function formClock(): TimeControl | null {
    if (timeSelect.value !== 'clock') return null;
    return validClock({
      minutes: Number(minutesInput.value),
      increment: Number(incrementInput.value),
    });
  }

  variantSelect.addEventListener('change', () => ctx.navigate(`/play/${variantSelect.value}`));
  arraySelect.addEventListener('change', () => startNewGame());
  const choiceChanged = (): void => {
    const f = formSetup();
    saveSettings({ opponent: f.opponent, side: f.side, level: f.level, clock: f.clock ?? null });
    clockFields.hidden = timeSelect.value !== 'clock';
    // Before the first move a new choice starts the game over; later it waits for "New game".
    if (game.moves().length === 0 || game.end()) startNewGame();
    else note.textContent = 'Your choice applies from the next new game.';
    syncSideLevel();
  };
  opponentSelect.addEventListener('change', choiceChanged);
  sideSelect.addEventListener('change', choiceChanged);
  timeSelect.addEventListener('change', choiceChanged);
  minutesInput.addEventListener('change', choiceChanged);
  incrementInput.addEventListener('change', choiceChanged);
  levelInput.addEventListener('input', () => {
    const level = Number(levelInput.value);
    levelOut.textContent = String(level);
    game.setup = { ...game.setup, level };
    saveSettings({
      opponent: game.setup.opponent,
      side: game.setup.side,
      level,
      clock: formClock(),
    });
    saveGame(game);
  });
  function syncSideLevel(): void {
    const engine = opponentSelect.value === 'engine';
    sideSelect.disabled = !engine;
    levelInput.disabled = !engine;
  }

  // ---- game flow ------------------------------------------------------------------------------

  function startNewGame(): void {
    generation++;
    thinking = false;
    closeChooser();
    game = newGame(formSetup());
    flipped = false;
    ctx.engine.newGame();
    ctx.navigate(gameUrl(), true);
    syncForm();
    render(false);
    maybeEngine();
  }

  function userMove(from: string, to: string): void {
    if (!game.isLive() || thinking || game.end()) return;
    const options = movesFor(game.position, from, to);
    if (options.length === 0) return;
    if (options.length === 1) play(options[0]!.text);
    else openChooser(options);
  }

  function play(text: string): string | null {
    const r = game.play(text);
    if (typeof r === 'string') return r;
    moveError.textContent = '';
    render(true);
    maybeEngine();
    return null;
  }

  /** A move typed in SAN or move text; an illegal one is explained by the core. */
  function typedMove(): void {
    const text = moveInput.value.trim();
    if (!text) return;
    let why: string | null;
    if (game.end()) why = `The game is over (${game.end()!.text}).`;
    else if (!game.isLive()) why = 'Go to the last move first (▶▶) to play on.';
    else if (thinking || game.engineToMove()) why = "It is the engine's turn.";
    else why = play(text);
    moveError.textContent = why ?? '';
    moveInput.setAttribute('aria-invalid', why ? 'true' : 'false');
    if (!why) moveInput.value = '';
  }

  function askHint(): void {
    if (hintPending || thinking || game.end() || !game.isLive() || game.engineToMove()) return;
    hintPending = true;
    const mine = generation;
    const before = game.moves().length;
    render(false);
    ctx.engine
      .analyse(game.spec(), { multiPv: 1, movetime: 600, depth: 12 })
      .then((reply) => {
        hintPending = false;
        if (mine !== generation || game.moves().length !== before) return render(false);
        hint = game.position.legalMoves().find((m) => m.text === reply?.bestMove) ?? null;
        hintAt = before;
        render(false);
      })
      .catch(() => {
        hintPending = false;
        render(false);
      });
  }

  function maybeEngine(): void {
    if (!game.engineToMove() || !game.isLive() || thinking) return;
    thinking = true;
    const mine = ++generation;
    render(false);
    ctx.engine
      .go(game.spec(), game.setup.level, game.engineClock() ?? undefined)
      .then((reply) => {
        if (mine !== generation) return;
        thinking = false;
        if (reply?.bestMove && !game.end()) {
          game.viewPly = game.moves().length;
          const r = game.play(reply.bestMove);
          if (typeof r === 'string') status.textContent = `engine: ${r}`;
        }
        render(true);
      })
      .catch((e: unknown) => {
        if (mine !== generation) return;
        thinking = false;
        render(false);
        status.textContent = `The engine failed: ${e instanceof Error ? e.message : String(e)}`;
      });
  }

  function takeback(): void {
    closeChooser();
    if (thinking) {
      generation++;
      thinking = false;
      ctx.engine.cancel();
    }
    if (game.end()?.reason === 'time') return;
    let plies = 1;
    if (game.setup.opponent === 'engine' && !game.end()) {
      // Back to the user's turn, taking back at least one of the user's moves.
      plies = game.position.turn() === game.setup.side ? 2 : 1;
    } else if (game.setup.opponent === 'engine') {
      const lastMover = game.moves().length % 2 === 1 ? 'white' : 'black';
      plies = lastMover === game.setup.side ? 1 : 2;
    }
    game.takeback(plies);
    render(true);
    maybeEngine();
  }

  function resign(): void {
    if (game.end()) return;
    const side = game.setup.opponent === 'engine' ? game.setup.side : game.position.turn();
    generation++;
    thinking = false;
    ctx.engine.cancel();
    game.resign(side);
    render(false);
  }

  function flip(): void {
    flipped = !flipped;
    render(false);
  }

  function view(ply: number): void {
    const clamped = Math.max(0, Math.min(game.moves().length, ply));
    if (clamped === game.viewPly) return;
    const step = Math.abs(clamped - game.viewPly) === 1;
    game.viewPly = clamped;
    render(step);
  }

  // ---- promotion and other choices ---------------------------------------------------------------

  function openChooser(options: MoveInfo[]): void {
    chooser.open(options, game.position.turn(), (m) => play(m.text));
  }

  function closeChooser(): void {
    chooser.close();
  }

  // ---- hover and legend -------------------------------------------------------------------------

  function buildLegend(): void {
    const { pieces, pawns } = legend(game.positionAt(0));
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
      hasCitadels(game.position) &&
        h(
          'p',
          { class: 'legend-citadel' },
          h('span', { class: 'citadel-swatch' }, 'W'),
          ' citadel (the letter says whose)',
        ),
    ];
    legendBox.replaceChildren(...parts.filter((x): x is HTMLElement => x instanceof HTMLElement));
  }

  function showHover(square: string | null): void {
    const shown = game.positionAt(game.viewPly);
    const piece = square ? shown.pieces().find((p) => p.square === square) : undefined;
    const kind = piece?.kind ?? null;
    if (kind !== hoverKind) {
      legendBox.querySelector('.legend-item.hover')?.classList.remove('hover');
      if (kind)
        legendBox.querySelector(`.legend-item[data-kind="${kind}"]`)?.classList.add('hover');
      hoverKind = kind;
    }
    if (!square) {
      hoverInfo.textContent = '\u00a0';
      return;
    }
    const cell = shown.rs.geo.parseSquare(square);
    const owner = cell >= 0 ? shown.rs.geo.citadelOwner[cell]! : -1;
    const citadel = owner >= 0 ? ` — ${owner === 0 ? 'White' : 'Black'}'s citadel` : '';
    if (!piece) {
      hoverInfo.textContent = `${square}${citadel}`;
      return;
    }
    const info = piece.kind.startsWith('pawnOf') ? promotesText(piece.kind) : '';
    hoverInfo.textContent = `${square}: ${cap(piece.color)} ${piece.name}${info}${citadel}`;
  }

  function promotesText(kind: string): string {
    if (kind.startsWith('pawnOfPawns')) return '';
    const becomes = legend(game.positionAt(0)).pawns.find((p) => p.kind === kind)?.becomes;
    return becomes ? ` (becomes ${becomes})` : '';
  }

  // ---- rendering --------------------------------------------------------------------------------

  function orientation(): Side {
    const base: Side = game.setup.opponent === 'engine' ? game.setup.side : 'white';
    return flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  /** What the last render saw, so a new move or a game's end makes its sound once. */
  let heard: { game: Game; plies: number; ended: boolean } | null = null;
  function sounds(): void {
    const plies = game.moves().length;
    const ended = game.end() !== null;
    if (heard && heard.game === game) {
      if (ended && !heard.ended) playSound('end');
      else if (plies === heard.plies + 1 && !ended) {
        const last = game.moves()[plies - 1]!;
        if (game.positionAt(plies).isCheck()) playSound('check');
        else playSound(last.capture ? 'capture' : 'move');
      }
    }
    heard = { game, plies, ended };
  }

  function render(animate: boolean): void {
    sounds();
    const moves = game.moves();
    const ply = game.viewPly;
    const shown = game.positionAt(ply);
    const live = game.isLive();
    const end = game.end();
    const userTurn = game.setup.opponent === 'human' || shown.turn() === game.setup.side;
    const hinted = hint && live && !end && hintAt === moves.length ? hint : null;
    if (!hinted) hint = null;
    board.set(
      boardState(shown, {
        orientation: orientation(),
        interactive: live && !end && !thinking && userTurn,
        lastMove: ply > 0 ? moves[ply - 1] : undefined,
        hint: hinted ?? undefined,
      }),
      { animate },
    );
    explained = undefined;
    explainSelection();

    // Status line and result.
    if (end) {
      result.hidden = false;
      result.textContent = end.text;
    } else result.hidden = true;
    let text: string;
    if (!live) text = `Viewing move ${ply} of ${moves.length} — ▶ or → to go on`;
    else if (end) text = 'Game over';
    else if (thinking) text = 'The engine is thinking…';
    else {
      const turn = shown.turn();
      const who =
        game.setup.opponent === 'engine'
          ? turn === game.setup.side
            ? `Your move (${cap(turn)})`
            : `${cap(turn)} (engine) to move`
          : `${cap(turn)} to move`;
      text = who + (shown.isCheck() ? ' — check!' : '');
      if (hinted) text += ` — hint: ${hinted.san}`;
      else if (hintPending) text += ' — looking for a hint…';
    }
    status.replaceChildren(
      thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : '',
      h('span', {}, text),
    );
    status.classList.toggle('thinking', thinking);
    if (!result.isConnected) boardArea.insertBefore(result, boardHost);

    // Move list.
    moveList.replaceChildren(
      ...moves.map((m, i) =>
        h(
          'li',
          {
            class: `move${i % 2 === 0 ? ' white-move' : ''}${i + 1 === ply ? ' current' : ''}`,
            'data-ply': i + 1,
            'data-number': i % 2 === 0 ? `${i / 2 + 1}.` : null,
            'aria-current': i + 1 === ply ? 'step' : null,
          },
          h('button', { type: 'button', onclick: () => view(i + 1) }, m.san),
        ),
      ),
    );
    moveList.querySelector('.current')?.scrollIntoView({ block: 'nearest' });

    firstBtn.disabled = prevBtn.disabled = ply === 0;
    nextBtn.disabled = lastBtn.disabled = ply === moves.length;
    takebackBtn.disabled = moves.length === 0;
    resignBtn.disabled = end !== null || moves.length === 0;
    takebackBtn.disabled ||= end?.reason === 'time';
    hintBtn.disabled = hintPending || thinking || !live || end !== null || !userTurn;
    renderClocks();
    saveGame(game);
    document.title = `${def.name} — Citadel`;
  }

  // ---- clocks -------------------------------------------------------------------------------------

  function formatClock(ms: number): string {
    const tenths = Math.floor(ms / 100);
    const secs = Math.floor(tenths / 10);
    const m = Math.floor(secs / 60);
    const ss = String(secs % 60).padStart(2, '0');
    return secs < 10 ? `${m}:${ss}.${tenths % 10}` : `${m}:${ss}`;
  }

  function renderClocks(): void {
    const clocks = game.clocks;
    const bottom = orientation();
    const top: Color = bottom === 'white' ? 'black' : 'white';
    topClock.hidden = bottomClock.hidden = !clocks;
    boardArea.classList.toggle('with-clocks', clocks !== null);
    if (!clocks) return;
    if (clockEls[top].parentElement !== topClock) topClock.replaceChildren(clockEls[top]);
    if (clockEls[bottom].parentElement !== bottomClock)
      bottomClock.replaceChildren(clockEls[bottom]);
    const running = game.clockRunning() ? game.position.turn() : null;
    for (const c of ['white', 'black'] as const) {
      const el = clockEls[c];
      el.querySelector('.clock-time')!.textContent = formatClock(clocks[c]);
      el.classList.toggle('running', running === c);
      el.classList.toggle('low', clocks[c] < 10_000);
      el.classList.toggle('flagged', clocks[c] === 0);
      el.setAttribute('aria-label', `${cap(c)}'s clock: ${formatClock(clocks[c])}`);
    }
  }

  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const elapsed = now - lastTick;
    lastTick = now;
    if (!game.clockRunning()) return;
    if (game.tick(elapsed)) {
      generation++;
      thinking = false;
      ctx.engine.cancel();
      closeChooser();
      render(false);
    } else renderClocks();
  }, 100);

  // ---- import and export -------------------------------------------------------------------------

  let dialog: HTMLDialogElement | null = null;
  function closeDialog(): void {
    dialog?.close();
    dialog?.remove();
    dialog = null;
  }
  function showDialog(d: HTMLDialogElement): void {
    closeDialog();
    dialog = d;
    d.addEventListener('close', () => {
      if (dialog === d) closeDialog();
    });
    document.body.append(d);
    d.showModal();
  }

  function download(name: string, text: string, type: string): void {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = h('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function openExport(kind: 'pgn' | 'fen'): void {
    const text = kind === 'pgn' ? game.pgn() : game.positionAt(game.viewPly).fen();
    const area = h('textarea', {
      id: 'export-text',
      readonly: true,
      rows: kind === 'pgn' ? 12 : 3,
      spellcheck: 'false',
      'aria-label': kind === 'pgn' ? 'PGN of the game' : 'FEN of the position',
    });
    area.value = text;
    const done = h('p', { class: 'dialog-note', role: 'status' });
    const stamp = new Date().toISOString().slice(0, 10);
    showDialog(
      h(
        'dialog',
        { class: 'io-dialog', 'aria-label': kind === 'pgn' ? 'Export PGN' : 'Export FEN' },
        h(
          'h2',
          {},
          kind === 'pgn' ? 'The game in PGN' : `The position in FEN (move ${game.viewPly})`,
        ),
        area,
        h(
          'div',
          { class: 'dialog-buttons' },
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              onclick: () => {
                area.select();
                navigator.clipboard
                  ?.writeText(text)
                  .then(() => (done.textContent = 'Copied to the clipboard.'))
                  .catch(() => {
                    const ok = document.execCommand('copy');
                    done.textContent = ok ? 'Copied.' : 'Select the text and copy it.';
                  });
              },
            },
            'Copy',
          ),
          h(
            'button',
            {
              type: 'button',
              onclick: () =>
                download(
                  `citadel-${def.id}-${stamp}.${kind}`,
                  text + (text.endsWith('\n') ? '' : '\n'),
                  kind === 'pgn' ? 'application/x-chess-pgn' : 'text/plain',
                ),
            },
            'Download',
          ),
          h('button', { type: 'button', onclick: () => closeDialog() }, 'Close'),
        ),
        done,
      ),
    );
    area.focus();
    area.select();
  }

  function openImport(): void {
    const area = h('textarea', {
      id: 'import-text',
      rows: 10,
      spellcheck: 'false',
      placeholder: '[Variant "tamerlane"]\n\n1. g4 ...   — or a FEN',
      'aria-label': 'PGN or FEN to import',
    });
    const file = h('input', {
      id: 'import-file',
      type: 'file',
      accept: '.pgn,.fen,.txt,text/plain',
      'aria-label': 'Choose a PGN or FEN file',
    });
    const error = h('p', { class: 'import-error', role: 'alert' });
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (!f) return;
      void f.text().then((t) => {
        area.value = t;
        load();
      });
    });
    const load = (): void => {
      const why = importText(area.value);
      if (why) {
        error.textContent = why;
        area.setAttribute('aria-invalid', 'true');
      } else closeDialog();
    };
    showDialog(
      h(
        'dialog',
        { class: 'io-dialog', 'aria-label': 'Import a game or position' },
        h('h2', {}, 'Import a game (PGN) or a position (FEN)'),
        h(
          'p',
          { class: 'dialog-note' },
          `Paste it or choose a file. A PGN's Variant tag picks the variant; a FEN is read as ${def.name}. Your current game stays until the import succeeds.`,
        ),
        area,
        h('label', { class: 'file-row' }, h('span', {}, 'File: '), file),
        error,
        h(
          'div',
          { class: 'dialog-buttons' },
          h('button', { type: 'button', class: 'primary', onclick: load }, 'Load'),
          h('button', { type: 'button', onclick: () => closeDialog() }, 'Cancel'),
        ),
      ),
    );
    area.focus();
  }

  /** Loads a PGN or FEN text as the game; returns why not, leaving the current game as it is. */
  function importText(raw: string): string | null {
    const text = raw.trim();
    if (!text) return 'Nothing to import: paste a PGN or FEN, or choose a file.';
    const base: GameSetup = { ...formSetup(), fen: undefined, rules: undefined };
    const looksPgn = /^\[\w+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text) || !text.includes('/');
    let made: ReturnType<typeof Game.fromPgn>;
    if (looksPgn) {
      // Movetext without a Variant tag is read as this page's variant (not the PGN default, chess).
      const prefix = /\[\s*Variant\s/i.test(text) ? '' : `[Variant "${def.id}"] `;
      const parsed = parsePgn(prefix + raw);
      if (!parsed.ok)
        return `PGN: ${parsed.error.replace(
          /^line 1, column (\d+)/,
          (_, c: string) => `line 1, column ${Number(c) - prefix.length}`,
        )}`;
      made = Game.fromPgn(parsed.value, base);
    } else {
      const p = Position.fromFen(def.id, text, { array: game.setup.array });
      if (!p.ok) return `FEN: ${p.error}`;
      made = Game.create({ ...base, array: game.setup.array, fen: p.value.fen() });
    }
    if ('error' in made) return made.error;
    const imported = made.game;
    if (imported.setup.variant !== def.id) {
      saveGame(imported);
      const other = variantDef(imported.setup.variant)!;
      const array =
        imported.setup.array !== other.arrays[0]!.id ? `?array=${imported.setup.array}` : '';
      ctx.navigate(`/play/${other.id}${array}`);
      return null;
    }
    generation++;
    thinking = false;
    ctx.engine.cancel();
    closeChooser();
    game = imported;
    flipped = false;
    ctx.navigate(gameUrl(), true);
    syncForm();
    buildLegend();
    render(false);
    maybeEngine();
    return null;
  }

  // ---- keyboard -----------------------------------------------------------------------------------

  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (t && (t.closest('input, select, textarea, .cb-grid') || t.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = game.moves().length;
    const to: Record<string, number> = {
      ArrowLeft: game.viewPly - 1,
      ArrowRight: game.viewPly + 1,
      Home: 0,
      End: moves,
    };
    if (e.key === 'Escape' && chooser.isOpen()) {
      closeChooser();
      return;
    }
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    view(target);
  };
  document.addEventListener('keydown', onKey);

  render(false);
  maybeEngine();

  return () => {
    generation++;
    ctx.engine.cancel();
    clearInterval(ticker);
    closeDialog();
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
