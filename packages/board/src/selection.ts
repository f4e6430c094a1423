/**
 * The board's headless interaction state: which piece is picked up, where it may go, and the
 * pending premove. No DOM: the pointer and keyboard input turn presses into calls here and act
 * on what comes back.
 *
 * A piece with legal targets is picked up for a move. A piece without any, but with premove
 * targets (it is not the user's turn), is picked up for a premove; putting it down sets the
 * premove, which stays until the app clears it or the user cancels it.
 */
import type { BoardMove } from './types.ts';

/** Where pieces may go, asked per from-square (a `BoardState` is one). */
export interface TargetSource {
  readonly legalTargets: (from: string) => readonly string[];
  readonly premoveTargets?: ((from: string) => readonly string[]) | undefined;
}

export type PickMode = 'move' | 'premove';

/** What a press did. */
export type PressOutcome =
  | { readonly kind: 'move'; readonly from: string; readonly to: string }
  | { readonly kind: 'premove'; readonly from: string; readonly to: string }
  /** A piece was picked up (or kept picked up) at `square`. */
  | { readonly kind: 'picked'; readonly square: string }
  /** The picked-up piece was put back. */
  | { readonly kind: 'dropped' }
  /** Nothing to pick up there and no target: the press is the app's (`onSquare`). */
  | { readonly kind: 'square'; readonly square: string };

export class Selection {
  private source: TargetSource;
  private picked: string | null = null;
  private mode: PickMode = 'move';
  private targetList: readonly string[] = [];
  private pending: BoardMove | null = null;

  constructor(source: TargetSource) {
    this.source = source;
  }

  /** The picked-up square, if any. */
  get selected(): string | null {
    return this.picked;
  }

  /** Whether the picked-up piece is for a move or a premove. */
  get pickMode(): PickMode {
    return this.mode;
  }

  /** Where the picked-up piece may go. */
  get targets(): readonly string[] {
    return this.targetList;
  }

  /** The premove set by the user and not yet cleared. */
  get premove(): BoardMove | null {
    return this.pending;
  }

  /** Whether a press on `square` would pick up a piece (for a move or a premove). */
  canPick(square: string): boolean {
    return this.targetsOf(square).targets.length > 0;
  }

  /**
   * New targets (a new position): the picked-up piece stays picked up while it still has
   * targets, switching to a real move when it became the user's turn.
   */
  update(source: TargetSource): void {
    this.source = source;
    if (this.picked) {
      const { mode, targets } = this.targetsOf(this.picked);
      if (targets.length) {
        this.mode = mode;
        this.targetList = targets;
      } else this.clear();
    }
  }

  /** Puts the picked-up piece back. */
  clear(): void {
    this.picked = null;
    this.mode = 'move';
    this.targetList = [];
  }

  /** Forgets the premove; returns whether there was one. */
  clearPremove(): boolean {
    const had = this.pending !== null;
    this.pending = null;
    return had;
  }

  /** Whether `to` is a target of the picked-up piece. */
  isTarget(to: string): boolean {
    return this.picked !== null && this.picked !== to && this.targetList.includes(to);
  }

  /** Puts the picked-up piece down on `to` (a target): a move or a premove. */
  drop(to: string): PressOutcome {
    const from = this.picked;
    if (from === null || !this.isTarget(to)) return { kind: 'dropped' };
    const mode = this.mode;
    this.clear();
    if (mode === 'premove') {
      this.pending = { from, to };
      return { kind: 'premove', from, to };
    }
    return { kind: 'move', from, to };
  }

  /**
   * A press that starts a pointer gesture: drops on a target, otherwise picks up the piece there
   * (again, if it is already picked up, so it can be dragged), otherwise lets go.
   */
  pressDown(square: string): PressOutcome {
    if (this.isTarget(square)) return this.drop(square);
    const { mode, targets } = this.targetsOf(square);
    if (targets.length === 0) {
      this.clear();
      return { kind: 'square', square };
    }
    this.picked = square;
    this.mode = mode;
    this.targetList = targets;
    return { kind: 'picked', square };
  }

  /** A complete press (a key, or a click): like `pressDown`, but a second press puts back. */
  press(square: string): PressOutcome {
    if (this.picked === square) {
      this.clear();
      return { kind: 'dropped' };
    }
    return this.pressDown(square);
  }

  private targetsOf(square: string): { mode: PickMode; targets: readonly string[] } {
    const legal = this.source.legalTargets(square);
    if (legal.length) return { mode: 'move', targets: legal };
    const pre = this.source.premoveTargets?.(square) ?? [];
    return { mode: 'premove', targets: pre };
  }
}
