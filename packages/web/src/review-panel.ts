/**
 * The analysis board's "Game review" box: the Review button, the progress, the evaluation graph
 * (eval-graph.ts), the count of inaccuracies, mistakes and blunders per side, and the verdict on
 * the move shown with the engine's better move. It reviews the main line of the page's move
 * tree with the page's engine (review-run.ts); results are kept by tree node. A finished review
 * is handed to the page (to keep with the game) and can be shown again without the engine.
 */
import type { GameSpec } from '@citadel/engine';
import { h } from './dom.ts';
import type { EngineClient } from './engine-client.ts';
import { createEvalGraph } from './eval-graph.ts';
import type { Judgement, MoveVerdict, PositionEval } from './game-review.ts';
import type { MoveTree, TreeNode } from './move-tree.ts';
import { REVIEW_DEPTH, REVIEW_MS, runReview } from './review-run.ts';

export interface Reviewed {
  readonly eval: PositionEval;
  readonly verdict?: MoveVerdict;
}

export interface ReviewHost {
  readonly engine: EngineClient;
  /** The page's life: the review's engine requests are dropped once it aborts. */
  readonly signal: AbortSignal;
  readonly tree: () => MoveTree;
  readonly current: () => TreeNode;
  /** The game as the engine sets it up, without its moves. */
  readonly spec: () => Omit<GameSpec, 'moves'>;
  readonly goTo: (node: TreeNode) => void;
  /** Before the review takes the engine: the page stops its own analysis. */
  readonly onStart: () => void;
  /** A position was reviewed: the page redraws what shows review results (move list, board). */
  readonly onStep: () => void;
  /** The engine is free again. */
  readonly onEnd: () => void;
  /** The "Show best move" box changed. */
  readonly onShowBest: (show: boolean) => void;
  /** The review of the main line (its moves, one result per position) finished. */
  readonly onDone?: (moves: readonly string[], results: readonly Reviewed[]) => void;
}

const JUDGEMENT_ROWS: ReadonlyArray<readonly [Judgement, string]> = [
  ['inaccuracy', 'Inaccuracies (?!)'],
  ['mistake', 'Mistakes (?)'],
  ['blunder', 'Blunders (??)'],
];

export class ReviewPanel {
  readonly element: HTMLElement;
  private readonly results = new Map<number, Reviewed>();
  private running = false;
  private generation = 0;
  private readonly button: HTMLButtonElement;
  private readonly progress = h('p', { class: 'review-progress', role: 'status' });
  private readonly graph;
  private readonly summary = h('div', { class: 'review-summary' });
  private readonly verdict = h('p', { class: 'review-verdict', 'aria-live': 'polite' });

  constructor(private readonly host: ReviewHost) {
    this.button = h(
      'button',
      { type: 'button', onclick: () => (this.running ? this.stop(true) : this.start()) },
      'Review game',
    );
    const bestBox = h('input', {
      type: 'checkbox',
      id: 'show-best',
      onchange: () => host.onShowBest(bestBox.checked),
    }) as HTMLInputElement;
    this.graph = createEvalGraph((ply) => {
      const node = host.tree().mainLine()[ply];
      if (node) host.goTo(node);
    });
    this.graph.element.hidden = true;
    this.element = h(
      'section',
      { class: 'review-box', 'aria-label': 'Game review' },
      h('h2', {}, 'Game review'),
      h(
        'div',
        { class: 'tool-row' },
        this.button,
        h('label', { class: 'check-row', for: 'show-best' }, bestBox, ' Show best move'),
      ),
      this.progress,
      this.graph.element,
      this.summary,
      this.verdict,
    );
  }

  get reviewing(): boolean {
    return this.running;
  }

  /** The review's result for a node (main line only). */
  result(node: TreeNode): Reviewed | undefined {
    return this.results.get(node.id);
  }

  judgements(): Map<number, Judgement> {
    const out = new Map<number, Judgement>();
    for (const [id, r] of this.results) if (r.verdict?.judgement) out.set(id, r.verdict.judgement);
    return out;
  }

  /** Forgets the results (a new game). */
  clear(): void {
    this.stop(false);
    this.results.clear();
    this.progress.textContent = '';
    this.graph.element.hidden = true;
    this.render();
  }

  /** Ends a running review; `resume` hands the engine back to the page. */
  stop(resume: boolean): void {
    if (!this.running) return;
    this.running = false;
    this.generation++;
    this.host.engine.stop();
    this.progress.textContent = 'Review stopped.';
    this.render();
    if (resume) this.host.onEnd();
  }

  /** Reviews the main line from its start. */
  start(): void {
    const tree = this.host.tree();
    const main = tree.mainLine();
    if (main.length < 2) {
      this.progress.textContent = 'No moves to review: play or open a game first.';
      return;
    }
    this.host.onStart();
    this.host.engine.stop();
    this.running = true;
    const mine = ++this.generation;
    this.results.clear();
    this.graph.element.hidden = false;
    const total = main.length;
    this.progress.textContent = `Reviewing: 0 of ${total} positions…`;
    this.render();
    const line = {
      spec: this.host.spec(),
      before: [],
      moves: main.slice(1).map((n) => n.move!.text),
      start: tree.startPosition(),
    };
    const ended = (text: string): void => {
      this.running = false;
      this.progress.textContent = text;
      this.render();
      this.host.onEnd();
    };
    const done = (): void => {
      const results = main.map((n) => this.results.get(n.id));
      if (results.every((r) => r !== undefined)) this.host.onDone?.(line.moves, results);
    };
    runReview(
      this.host.engine,
      this.host.signal,
      line,
      (step) => {
        if (mine !== this.generation) return;
        this.results.set(main[step.index]!.id, step);
        this.progress.textContent = `Reviewing: ${step.index + 1} of ${total} positions…`;
        this.render();
        this.host.onStep();
      },
      () => mine !== this.generation,
    )
      .then((finished) => {
        if (mine !== this.generation) return;
        ended(
          finished
            ? `Review done: ${total - 1} moves, each position searched to depth ${REVIEW_DEPTH} or for ${REVIEW_MS} ms.`
            : 'The review stopped.',
        );
        if (finished) done();
      })
      .catch((e: unknown) => {
        if (mine !== this.generation) return;
        ended(`The review failed: ${e instanceof Error ? e.message : String(e)}`);
      });
  }

  /**
   * Shows a review made before (one result per position of the main line, whose moves must be
   * `moves`); false, changing nothing, when they are not the main line's.
   */
  restore(moves: readonly string[], results: readonly Reviewed[], note: string): boolean {
    const main = this.host.tree().mainLine();
    const same =
      main.length === moves.length + 1 &&
      results.length === main.length &&
      main.slice(1).every((n, i) => n.move!.text === moves[i]);
    if (!same) return false;
    this.stop(false);
    this.results.clear();
    main.forEach((n, i) => this.results.set(n.id, results[i]!));
    this.graph.element.hidden = false;
    this.progress.textContent = note;
    this.render();
    return true;
  }

  /** Redraws the box for the tree and the node shown. */
  render(): void {
    this.button.textContent = this.running
      ? 'Stop review'
      : this.results.size
        ? 'Review again'
        : 'Review game';
    const tree = this.host.tree();
    const main = tree.mainLine();
    const index = main.indexOf(this.host.current());
    this.graph.update(
      main.length - 1,
      main.slice(1).map((node) => {
        const r = this.results.get(node.id);
        if (!r) return undefined;
        return {
          share: r.eval.share,
          title: `${moveLabel(tree, node)}: ${r.eval.label}`,
          judgement: r.verdict?.judgement ?? null,
        };
      }),
      index >= 0 ? index : null,
    );
    this.renderSummary(tree, main);
    this.renderVerdict(tree);
  }

  private renderSummary(tree: MoveTree, main: readonly TreeNode[]): void {
    if (!this.results.size) {
      this.summary.replaceChildren();
      return;
    }
    const count = (white: boolean, j: Judgement): number =>
      main.filter(
        (n) =>
          n.parent &&
          tree.moveNumber(n.ply - 1).white === white &&
          this.results.get(n.id)?.verdict?.judgement === j,
      ).length;
    this.summary.replaceChildren(
      h(
        'table',
        { class: 'review-table' },
        h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, 'White'), h('th', {}, 'Black'))),
        h(
          'tbody',
          {},
          JUDGEMENT_ROWS.map(([j, label]) =>
            h(
              'tr',
              { class: j },
              h('th', { scope: 'row' }, label),
              h('td', {}, String(count(true, j))),
              h('td', {}, String(count(false, j))),
            ),
          ),
        ),
      ),
    );
  }

  private renderVerdict(tree: MoveTree): void {
    const current = this.host.current();
    const r = this.results.get(current.id);
    const before = current.parent ? this.results.get(current.parent.id) : undefined;
    if (!r || !current.move) {
      this.verdict.textContent = '';
      return;
    }
    const move = moveLabel(tree, current);
    const j = r.verdict?.judgement;
    const better =
      j && before?.eval.bestSan
        ? ` The engine preferred ${before.eval.bestSan} (${before.eval.label}).`
        : '';
    this.verdict.className = `review-verdict${j ? ` ${j}` : ''}`;
    this.verdict.textContent = j
      ? `${move} is ${j === 'inaccuracy' ? 'an inaccuracy' : `a ${j}`}: ${r.eval.label} after it.${better}`
      : `${move}: ${r.eval.label}.`;
  }
}

/** `3. Bc4` or `3… Nf6`. */
function moveLabel(tree: MoveTree, node: TreeNode): string {
  const { number, white } = tree.moveNumber(node.ply - 1);
  return `${number}${white ? '.' : '…'} ${node.move!.san}`;
}
