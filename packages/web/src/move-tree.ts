/**
 * The analysis board's game: a tree of moves from a start position. A node's first child is its
 * main continuation; playing another move from a node adds a variation (a later child). The
 * main line follows first children from the root. Positions are replayed from the start along a
 * node's path, so each has its full history (repetitions, the last move). PGN export writes the
 * variations in parentheses, as the PGN standard has them, and a PGN's variations are read back.
 */
import { Position, makePgn, resultToken, type PgnGame, type PgnMove } from '@citadel/core';

export interface TreeNode {
  readonly id: number;
  readonly parent: TreeNode | null;
  /** The move that led here (move text and SAN); null at the root. */
  readonly move: { readonly text: string; readonly san: string } | null;
  /** Plies from the start position. */
  readonly ply: number;
  /** The main continuation first, then the variations in the order they were played. */
  readonly children: TreeNode[];
  comment?: string;
}

export class MoveTree {
  readonly root: TreeNode;
  private readonly start: Position;
  private readonly byId = new Map<number, TreeNode>();
  private nextId = 0;

  /** `start` is copied; it becomes the root position. */
  constructor(start: Position) {
    this.start = start.clone();
    this.root = this.make(null, null);
  }

  /**
   * A tree holding a parsed game: its moves as the main line, each move's variations (nested to
   * any depth) as later children of the node before it, and the comments.
   */
  static fromPgn(game: PgnGame): MoveTree {
    const startFen = game.position.startFen;
    const start = Position.fromFen(game.variant, startFen, game.options);
    if (!start.ok) throw new Error(start.error);
    const tree = new MoveTree(start.value);
    tree.addLine(tree.root, game.moves);
    if (game.comment) tree.root.comment = game.comment;
    return tree;
  }

  /** Plays a PGN line from `from`: each move after the one before, its variations beside it. */
  private addLine(from: TreeNode, moves: readonly PgnMove[]): void {
    let node = from;
    for (const m of moves) {
      const parent = node;
      const played = this.play(parent, m.text);
      if (!played) throw new Error(`move ${m.san} is not legal there`);
      if (m.comment) played.comment = m.comment;
      for (const variation of m.variations ?? []) this.addLine(parent, variation);
      node = played;
    }
  }

  /**
   * The same moves, variations and comments from another start position (the same one under other
   * rule switches): a move that is illegal there is left out with everything after it. `nodes`
   * maps each kept node's id here to its copy; `dropped` counts the moves left out.
   */
  replayed(start: Position): { tree: MoveTree; nodes: Map<number, TreeNode>; dropped: number } {
    const tree = new MoveTree(start);
    const nodes = new Map<number, TreeNode>([[this.root.id, tree.root]]);
    if (this.root.comment !== undefined) tree.root.comment = this.root.comment;
    let dropped = 0;
    const count = (n: TreeNode): number => n.children.reduce((sum, c) => sum + count(c), 1);
    const copy = (from: TreeNode, to: TreeNode): void => {
      for (const child of from.children) {
        const made = tree.play(to, child.move!.text);
        if (!made) {
          dropped += count(child);
          continue;
        }
        if (child.comment !== undefined) made.comment = child.comment;
        nodes.set(child.id, made);
        copy(child, made);
      }
    };
    copy(this.root, tree.root);
    return { tree, nodes, dropped };
  }

  startPosition(): Position {
    return this.start.clone();
  }

  node(id: number): TreeNode | undefined {
    return this.byId.get(id);
  }

  /**
   * Plays `move` (move text or SAN) from `parent`: the existing child when that move was played
   * before, else a new child (the main continuation when it is the first). Null when illegal.
   */
  play(parent: TreeNode, move: string): TreeNode | null {
    const p = this.position(parent);
    const played = p.play(move);
    if (!played.ok) return null;
    return this.attach(parent, played.value.text, played.value.san);
  }

  /** Root first, `node` last. */
  path(node: TreeNode): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n: TreeNode | null = node; n; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The moves (move text) from the start to `node`. */
  movesTo(node: TreeNode): string[] {
    return this.path(node)
      .slice(1)
      .map((n) => n.move!.text);
  }

  /** `node` and its main continuation to the end (first children). */
  lineFrom(node: TreeNode): TreeNode[] {
    const out = [node];
    for (let n = node; n.children[0]; n = n.children[0]) out.push(n.children[0]);
    return out;
  }

  /** The main line: the root and its first children to the end. */
  mainLine(): TreeNode[] {
    return this.lineFrom(this.root);
  }

  /** True when `node` is on the main line. */
  isMain(node: TreeNode): boolean {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The position at `node`, with the moves that led there as its history. */
  position(node: TreeNode): Position {
    const p = this.start.clone();
    for (const text of this.movesTo(node)) {
      const r = p.play(text);
      if (!r.ok) throw new Error(`the move tree holds an illegal move: ${r.error}`);
    }
    return p;
  }

  /** Makes `node`'s line the main continuation at every branch point above it. */
  promote(node: TreeNode): void {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
      }
    }
  }

  /** Removes `node` and everything after it (the root stays). */
  remove(node: TreeNode): void {
    if (!node.parent) return;
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    const drop = (n: TreeNode): void => {
      this.byId.delete(n.id);
      n.children.forEach(drop);
    };
    drop(node);
  }

  /**
   * The whole tree as PGN: the tags of `makePgn` (variant, array, rules, start position) plus
   * `tags`, then the main line with every variation in parentheses and the comments.
   */
  pgn(tags: Readonly<Record<string, string>> = {}): string {
    const end = this.position(this.mainLine().at(-1)!);
    const result = tags['Result'] ?? resultToken(end);
    const header = makePgn(this.startPosition(), { ...tags, Result: result }).split('\n\n')[0]!;
    const words: string[] = [];
    if (this.root.comment) words.push(braced(this.root.comment));
    this.writeLine(this.root, true, words);
    words.push(result);
    return `${header}\n\n${wrap(words, 80).join('\n')}\n`;
  }

  private writeLine(from: TreeNode, numberFirst: boolean, words: string[]): void {
    let force = numberFirst;
    for (let node = from; node.children.length;) {
      const [main, ...alternatives] = node.children as [TreeNode, ...TreeNode[]];
      this.writeMove(main, force, words);
      for (const alt of alternatives) {
        const inner: string[] = [];
        this.writeMove(alt, true, inner);
        this.writeLine(alt, false, inner);
        inner[0] = `(${inner[0]}`;
        inner[inner.length - 1] = `${inner[inner.length - 1]})`;
        words.push(...inner);
      }
      force = alternatives.length > 0 || main.comment !== undefined;
      node = main;
    }
  }

  private writeMove(node: TreeNode, forceNumber: boolean, words: string[]): void {
    const { number, white } = this.moveNumber(node.ply - 1);
    if (white) words.push(`${number}.`);
    else if (forceNumber) words.push(`${number}...`);
    words.push(node.move!.san);
    if (node.comment) words.push(braced(node.comment));
  }

  /** The move number and side of the move played from the position `ply` plies in. */
  moveNumber(ply: number): { number: number; white: boolean } {
    const fields = this.start.fen().split(' ');
    const startNo = Number(fields[5] ?? '1');
    const blackFirst = fields[1] === 'b' ? 1 : 0;
    return {
      number: startNo + Math.floor((ply + blackFirst) / 2),
      white: (ply + blackFirst) % 2 === 0,
    };
  }

  private attach(parent: TreeNode, text: string, san: string): TreeNode {
    const known = parent.children.find((c) => c.move!.text === text);
    if (known) return known;
    const node = this.make(parent, { text, san });
    parent.children.push(node);
    return node;
  }

  private make(parent: TreeNode | null, move: TreeNode['move']): TreeNode {
    const node: TreeNode = {
      id: this.nextId++,
      parent,
      move,
      ply: parent ? parent.ply + 1 : 0,
      children: [],
    };
    this.byId.set(node.id, node);
    return node;
  }
}

const braced = (comment: string): string => `{${comment.replace(/}/g, ')')}}`;

function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}
