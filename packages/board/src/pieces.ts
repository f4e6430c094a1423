/**
 * The piece images of Citadel, drawn for this project: simple line art on a 100x100 canvas, one
 * drawing per piece kind, painted in a white and a black palette. Every kind of every variant has
 * its own silhouette; the tagged pawns of Tamerlane are the pawn with a badge showing what they
 * become. Kind names are the core's `KIND_INFO` keys, but this file only knows pictures: a kind it
 * has no drawing for falls back to its letter in a disc.
 */

export type PieceColor = 'white' | 'black';

interface Palette {
  /** Body fill. */
  readonly fill: string;
  /** Outline. */
  readonly line: string;
  /** Inner lines and small filled details, drawn over the body. */
  readonly detail: string;
}

/**
 * The palettes are CSS custom properties (set by a piece scheme, see `themes.ts`) with the
 * classic colours as fallbacks, so a picture outside any themed element still has its colours.
 */
const PALETTES: Record<PieceColor, Palette> = {
  white: {
    fill: 'var(--cb-white-fill, #fbf6ea)',
    line: 'var(--cb-white-line, #1e1a16)',
    detail: 'var(--cb-white-detail, #1e1a16)',
  },
  black: {
    fill: 'var(--cb-black-fill, #2f2a25)',
    line: 'var(--cb-black-line, #0b0907)',
    detail: 'var(--cb-black-detail, #f3ead8)',
  },
};

// Drawing helpers: `b` a body shape (filled, outlined), `d` an inner line, `f` a small filled
// detail, `o` an outline-only shape. Drawings are strings of SVG elements using the classes
// below, so one drawing serves both palettes.
const b = (d: string): string => `<path class="b" d="${d}"/>`;
const d = (path: string): string => `<path class="d" d="${path}"/>`;
const f = (path: string): string => `<path class="f" d="${path}"/>`;
const circle = (cx: number, cy: number, r: number, cls = 'b'): string =>
  `<circle class="${cls}" cx="${cx}" cy="${cy}" r="${r}"/>`;
const rect = (x: number, y: number, w: number, h: number, rx = 2, cls = 'b'): string =>
  `<rect class="${cls}" x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/>`;

/** The plinth every piece stands on, so the set reads as one family. */
const PLINTH = rect(22, 80, 56, 10, 3);

/** A star-shaped outline around (cx, cy): `points` tips between radii r1 (inner) and r2. */
function star(cx: number, cy: number, r1: number, r2: number, points: number, turn = 0): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? r2 : r1;
    const a = ((i / (points * 2)) * 360 + turn - 90) * (Math.PI / 180);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join(' L')}Z`;
}

/** A scalloped ring (lion's mane): `n` round bumps of radius `bump` on a circle of radius r. */
function scallop(cx: number, cy: number, r: number, n: number): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  const bump = ((2 * Math.PI * r) / n) * 0.62;
  let path = `M${pts[0]![0].toFixed(1)} ${pts[0]![1].toFixed(1)}`;
  for (let i = 1; i <= n; i++) {
    const p = pts[i % n]!;
    path += ` A${bump.toFixed(1)} ${bump.toFixed(1)} 0 0 1 ${p[0].toFixed(1)} ${p[1].toFixed(1)}`;
  }
  return path + 'Z';
}

/** The rounded torso shared by the counsellors (general, vizier, wizard, champion). */
const TORSO = b('M32 80 C33 70 39 63 41 57 H59 C61 63 67 70 68 80Z');
const COLLAR = rect(37, 51, 26, 7, 3);
/** A straight-sided body for crowned pieces. */
const ROYAL_BODY = b('M29 80 L36 53 H64 L71 80Z') + d('M33 70 H67');

const DRAWINGS: Record<string, string> = {
  pawn:
    PLINTH +
    b('M35 80 C35 66 41 57 44 49 H56 C59 57 65 66 65 80Z') +
    rect(39, 45, 22, 6, 3) +
    circle(50, 33, 12),

  king:
    PLINTH +
    ROYAL_BODY +
    rect(31, 44, 38, 9, 2) +
    b('M34 44 C34 29 66 29 66 44Z') +
    b('M46 9 H54 V16 H61 V24 H54 V32 H46 V24 H39 V16 H46Z'),

  // The heir: a king's body and band under a low dome crowned by an eight-pointed star, so it
  // reads as royal without the points of a queen's crown or the king's cross.
  prince:
    PLINTH +
    ROYAL_BODY +
    rect(31, 45, 38, 8, 2) +
    b('M35 45 C35 36 65 36 65 45Z') +
    b(star(50, 23, 8.5, 16, 8)) +
    circle(50, 23, 3.6, 'f'),

  adventitiousKing:
    PLINTH +
    ROYAL_BODY +
    rect(31, 44, 38, 9, 2) +
    b('M34 44 C34 31 66 31 66 44Z') +
    b('M50 10 L60 22 L50 34 L40 22Z') +
    d('M50 15 V29 M45 22 H55'),

  queen:
    PLINTH +
    ROYAL_BODY +
    b('M31 55 L23 29 L33 43 L37 21 L44 40 L50 15 L56 40 L63 21 L67 43 L77 29 L69 55Z') +
    circle(23, 27, 3.5) +
    circle(37, 19, 3.5) +
    circle(50, 13, 3.5) +
    circle(63, 19, 3.5) +
    circle(77, 27, 3.5) +
    d('M33 48 H67'),

  // A veiled lady with a rounded tiara: a face under a veil falling to the shoulders, wide and
  // soft, nothing like the bishop's narrow mitre.
  princess:
    PLINTH +
    ROYAL_BODY +
    b('M27 64 C28 46 35 30 50 29 C65 30 72 46 73 64 C66 57 60 55 50 55 C40 55 34 57 27 64Z') +
    circle(50, 43, 9.5) +
    b('M36 33 C36 24 43 22 45 27 C46 17 54 17 55 27 C57 22 64 24 64 33 C56 30 44 30 36 33Z') +
    circle(50, 24, 2.6, 'f'),

  general:
    PLINTH +
    TORSO +
    COLLAR +
    b('M39 51 L50 13 L61 51Z') +
    circle(50, 12, 3.5) +
    d('M44 64 L56 75 M56 64 L44 75') +
    d('M43 44 H57'),

  vizier:
    PLINTH +
    TORSO +
    COLLAR +
    b('M34 44 C32 28 68 28 66 44 C62 52 38 52 34 44Z') +
    circle(50, 25, 4.5) +
    d('M36 41 C44 34 56 34 64 41 M39 47 C46 41 54 41 61 47') +
    d('M50 62 V77 M42.5 69.5 H57.5'),

  wizard:
    PLINTH +
    TORSO +
    b('M28 54 C36 49 64 49 72 54 C66 59 34 59 28 54Z') +
    b('M37 52 C42 40 46 24 58 10 C56 24 58 40 63 52Z') +
    f(star(52, 38, 2.6, 6, 5)) +
    d('M44 67 L50 73 L56 67'),

  champion:
    PLINTH +
    TORSO +
    b('M35 56 V32 C35 20 65 20 65 32 V56Z') +
    d('M38 37 H62 M38 43 H62 M50 25 V55') +
    b('M50 21 C54 10 64 8 70 12 C64 14 58 16 54 22Z'),

  rook:
    PLINTH +
    b('M30 80 L33 73 H67 L70 80Z') +
    b('M34 73 L37 38 H63 L66 73Z') +
    b('M30 38 V18 H38.5 V25 H45.5 V18 H54.5 V25 H61.5 V18 H70 V38Z') +
    d('M37 45 H63 M35 66 H65'),

  fortress:
    PLINTH +
    b('M24 80 V40 H76 V80Z') +
    b('M22 40 V28 H30 V33 H37 V28 H45 V33 H55 V28 H63 V33 H70 V28 H78 V40Z') +
    b('M42 80 V66 C42 58 58 58 58 66 V80Z') +
    b('M50 28 V8') +
    b('M50 9 L64 14 L50 19Z') +
    d('M30 50 H36 M64 50 H70'),

  bishop:
    PLINTH +
    b('M30 80 C34 72 40 70 42 64 H58 C60 70 66 72 70 80Z') +
    rect(38, 57, 24, 7, 3) +
    b('M39 57 C29 46 37 30 50 20 C63 30 71 46 61 57Z') +
    circle(50, 15, 5) +
    d('M55 31 L46 44 M44 50 H56'),

  knight:
    PLINTH +
    b(
      'M33 80 H71 C73 60 69 40 58 28 L57 15 L50 23 C44 21 40 23 36 29 L25 46 C22 52 26 57 31 55 L38 51 C42 53 46 51 48 49 C45 59 33 65 33 80Z',
    ) +
    f('M41 33 a2.6 2.6 0 1 0 0.1 0Z') +
    d('M60 31 C66 43 68 59 67 75 M29 49 L31 47'),

  elephant:
    PLINTH +
    b('M36 30 C22 24 14 34 18 48 C21 58 30 60 38 56Z') +
    b('M64 30 C78 24 86 34 82 48 C79 58 70 60 62 56Z') +
    b(
      'M36 24 C40 14 60 14 64 24 C68 36 64 46 58 52 L57 72 C57 80 47 80 46 74 C50 74 51 70 50 66 L46 53 C38 48 33 36 36 24Z',
    ) +
    d('M40 56 C36 64 34 70 30 72 M60 56 C64 64 66 70 70 72') +
    f('M43 32 a2.4 2.4 0 1 0 0.1 0Z M57 32 a2.4 2.4 0 1 0 0.1 0Z'),

  camel:
    PLINTH +
    b(
      'M24 80 L27 58 C24 52 22 42 23 32 L25 22 C26 17 33 15 36 18 L38 23 L34 28 C32 34 34 40 38 44 C42 30 50 27 56 35 C60 28 68 28 72 38 C77 46 78 54 76 62 L76 80 H68 L67 64 H38 L35 80Z',
    ) +
    f('M30 22 a2 2 0 1 0 0.1 0Z') +
    d('M44 50 C52 46 62 46 70 50'),

  giraffe:
    PLINTH +
    b(
      'M34 80 H68 C66 66 61 52 58 36 L67 31 C72 29 72 22 67 20 L57 16 L56 8 L52 15 L49 8 L47 18 C42 22 41 30 46 36 C46 52 40 66 34 80Z',
    ) +
    f('M55 22 a2.2 2.2 0 1 0 0.1 0Z') +
    f(
      'M50 44 a3 3 0 1 0 0.1 0Z M54 56 a3.4 3.4 0 1 0 0.1 0Z M47 66 a3.4 3.4 0 1 0 0.1 0Z M58 70 a2.8 2.8 0 1 0 0.1 0Z',
    ),

  picket:
    PLINTH +
    b('M36 80 C38 73 44 71 46 66 H54 C56 71 62 73 64 80Z') +
    b('M47 68 V16 H53 V68Z') +
    b('M53 17 L78 26 L66 30 L78 35 L53 42Z') +
    circle(50, 12, 4.5),

  warEngine:
    PLINTH +
    b('M33 74 L37 26 H63 L67 74Z') +
    b('M35 26 V15 H42 V20 H47 V15 H53 V20 H58 V15 H65 V26Z') +
    d('M36 42 H64 M35 58 H65') +
    b('M44 74 V64 C44 58 56 58 56 64 V74Z') +
    circle(35, 80, 7) +
    circle(65, 80, 7) +
    f('M35 78 a2 2 0 1 0 0.1 0Z M65 78 a2 2 0 1 0 0.1 0Z'),

  warMachine:
    PLINTH +
    rect(24, 64, 52, 9, 2) +
    b('M38 64 L50 34 L62 64Z') +
    b('M20 24 L76 54 L73 59 L17 29Z') +
    rect(68, 52, 12, 12, 2) +
    b('M14 26 C14 16 26 14 27 22Z') +
    circle(50, 40, 3, 'f') +
    circle(34, 78, 7) +
    circle(66, 78, 7),

  lion:
    PLINTH +
    b(scallop(50, 42, 27, 14)) +
    b('M36 36 C36 24 64 24 64 36 L62 56 C58 64 42 64 38 56Z') +
    f('M43 38 a2.6 2.6 0 1 0 0.1 0Z M57 38 a2.6 2.6 0 1 0 0.1 0Z') +
    f('M45 48 H55 L50 54Z') +
    d('M50 54 V58 M44 59 C47 61 53 61 56 59') +
    b('M42 66 L40 80 H60 L58 66Z'),

  bull:
    PLINTH +
    b('M34 30 C24 30 16 22 18 10 C22 18 28 20 38 21Z') +
    b('M66 30 C76 30 84 22 82 10 C78 18 72 20 62 21Z') +
    b('M26 34 L36 28 H64 L74 34 L66 40 C66 50 62 56 62 64 C62 74 38 74 38 64 C38 56 34 50 34 40Z') +
    f('M43 42 a2.6 2.6 0 1 0 0.1 0Z M57 42 a2.6 2.6 0 1 0 0.1 0Z') +
    d('M44 62 a2 2 0 1 0 0.1 0 M56 62 a2 2 0 1 0 0.1 0') +
    b('M44 70 C44 80 56 80 56 70') +
    b('M40 74 L38 80 H62 L60 74Z'),

  sentinel:
    PLINTH +
    b('M38 80 L41 52 H59 L62 80Z') +
    d('M41 64 H59') +
    b('M16 34 C30 14 70 14 84 34 C70 54 30 54 16 34Z') +
    circle(50, 34, 11, 'o') +
    f('M50 28 a6 6 0 1 0 0.1 0Z') +
    d('M50 10 V4 M30 14 L26 8 M70 14 L74 8'),

  crocodile:
    PLINTH +
    b(
      'M14 56 C14 48 30 44 46 44 C54 34 68 32 76 40 C84 46 86 58 82 68 C80 76 74 80 66 80 H40 C38 72 30 66 14 64Z',
    ) +
    d('M14 58 C26 58 38 58 52 56 M20 58 L22 62 M28 58 L30 62 M36 58 L38 62 M44 57 L46 61') +
    f('M62 42 a3 3 0 1 0 0.1 0Z') +
    d('M58 36 C60 30 68 30 70 36'),
};

/** What a tagged pawn shows in its badge: a miniature of the piece it becomes, plus a mark. */
const PAWN_TAGS: Record<string, { kind: string; mark?: string }> = {
  pawnOfRooks: { kind: 'rook' },
  pawnOfKnights: { kind: 'knight' },
  pawnOfPickets: { kind: 'picket' },
  pawnOfGiraffes: { kind: 'giraffe' },
  pawnOfGenerals: { kind: 'general' },
  pawnOfKings: { kind: 'prince' },
  pawnOfViziers: { kind: 'vizier' },
  pawnOfElephants: { kind: 'elephant' },
  pawnOfCamels: { kind: 'camel' },
  pawnOfWarEngines: { kind: 'warEngine' },
  pawnOfLions: { kind: 'lion' },
  pawnOfBulls: { kind: 'bull' },
  pawnOfSentinels: { kind: 'sentinel' },
  pawnOfCrocodiles: { kind: 'crocodile' },
  pawnOfPawns: { kind: 'pawn' },
  pawnOfPawnsWaiting: { kind: 'pawn', mark: 'wait' },
  pawnOfPawns2: { kind: 'pawn', mark: '2' },
  pawnOfPawns3: { kind: 'pawn', mark: '3' },
};

/**
 * The text a piece's picture shows in its badge ("2" and "3" for the pawn of pawns' later
 * lives), or null: a button showing the picture names it too, so that its name holds its text.
 */
export function badgeText(kind: string): string | null {
  const mark = PAWN_TAGS[kind]?.mark;
  return mark && mark !== 'wait' ? mark : null;
}

/** Every kind this set has a picture for (drawn or as a tagged pawn). */
export const DRAWN_KINDS: readonly string[] = [...Object.keys(DRAWINGS), ...Object.keys(PAWN_TAGS)];

/** Paints a drawing: its classes become presentation attributes (no `<style>`, which would leak
 * into the page when the SVG is inlined). */
function paint(drawing: string, p: Palette): string {
  const attrs: Record<string, string> = {
    b: `style="fill:${p.fill};stroke:${p.line}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"`,
    d: `style="fill:none;stroke:${p.detail}" stroke-width="2.4" stroke-linejoin="round" stroke-linecap="round"`,
    f: `style="fill:${p.detail};stroke:none"`,
    o: `style="fill:none;stroke:${p.line}" stroke-width="2.4"`,
    t: `style="fill:${p.detail}" font-family="sans-serif" font-weight="bold" text-anchor="middle"`,
  };
  return drawing.replace(/class="([bdfot])"/g, (_, c: string) => attrs[c]!);
}

/**
 * Where a tagged pawn's badge sits (top right) and how large: large enough that what it shows is
 * still readable on a phone's wide board (cells of about 28 CSS px show the piece 12 px high), with
 * the pawn made smaller and set bottom left to make room.
 */
const BADGE = { cx: 67, cy: 30, r: 28, pawn: 'translate(0 26) scale(0.72)', kindScale: 0.56 };

function body(kind: string, palette: Palette): string | null {
  const drawing = DRAWINGS[kind];
  if (drawing) return drawing;
  const tag = PAWN_TAGS[kind];
  if (!tag) return null;
  const badgeFill = palette === PALETTES.white ? '#fff' : '#d8cdb8';
  const { cx, cy, r } = BADGE;
  let inside: string;
  if (tag.mark === 'wait')
    // An hourglass: the pawn of pawns waiting on the last rank.
    inside = `<path d="M${cx - 13} ${cy - 19} H${cx + 13} L${cx} ${cy} L${cx + 13} ${cy + 19} H${cx - 13} L${cx} ${cy}Z" style="fill:${palette.fill};stroke:${palette.line}" stroke-width="2.6" stroke-linejoin="round"/>`;
  else if (tag.mark)
    inside = `<text x="${cx}" y="${cy + 14}" font-size="40" font-family="sans-serif" font-weight="bold" text-anchor="middle" style="fill:${PALETTES.white.line}">${tag.mark}</text>`;
  else {
    const s = BADGE.kindScale;
    inside = `<g transform="translate(${cx - 50 * s} ${cy - 50 * s}) scale(${s})">${DRAWINGS[tag.kind] ?? ''}</g>`;
  }
  return (
    `<g transform="${BADGE.pawn}">${DRAWINGS['pawn']}</g>` +
    `<circle class="cb-badge" cx="${cx}" cy="${cy}" r="${r}" style="fill:${badgeFill};stroke:${palette.line}" stroke-width="2.5"/>` +
    `<g class="cb-badge-mark">${inside}</g>`
  );
}

/** A letter in a disc, for a kind this set has no drawing for. */
function fallback(text: string): string {
  const letter = text.replace(/[^A-Za-z]/g, '').slice(0, 2) || '?';
  return (
    circle(50, 50, 36) +
    `<text class="t" x="50" y="60" font-size="30">${letter.replace(/[<>&]/g, '')}</text>`
  );
}

const cache = new Map<string, string>();

/**
 * The SVG image (a complete `<svg>` string) of a piece kind in a colour. `text` (the piece's
 * letter) is drawn in a disc when the kind has no drawing.
 */
export function pieceSvg(kind: string, color: PieceColor, text = '?'): string {
  const key = `${kind}|${color}|${DRAWINGS[kind] || PAWN_TAGS[kind] ? '' : text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const palette = PALETTES[color];
  const inner = body(kind, palette) ?? fallback(text);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="5 3 90 90" class="cb-piece-svg" aria-hidden="true">` +
    paint(inner, palette) +
    `</svg>`;
  cache.set(key, svg);
  return svg;
}
