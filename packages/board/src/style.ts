/**
 * The board's stylesheet, added to the page once by the first board. Colours are CSS custom
 * properties so an app can restyle the board (`--cb-light`, `--cb-dark`, ...); their defaults sit
 * on the page root with no specificity, so a theme class on the board or on any element above it
 * wins (see `themes.ts`).
 */
import { themeCss } from './themes.ts';

export const BOARD_CSS = `
:where(:root) {
  --cb-light: #efe0c0;
  --cb-dark: #c79f6b;
  --cb-citadel: #8c8f9a;
  --cb-citadel-edge: #3d3f46;
  --cb-last: rgba(247, 214, 64, 0.55);
  --cb-selected: rgba(32, 120, 220, 0.45);
  --cb-target: rgba(20, 90, 40, 0.55);
  --cb-check: rgba(220, 30, 30, 0.85);
  --cb-focus: #0a5fd8;
  --cb-coord: #5b4a36;
  --cb-premove: rgba(120, 60, 200, 0.42);
  --cb-premove-target: rgba(100, 40, 180, 0.6);
  --cb-arrow-green: rgba(21, 120, 27, 0.8);
  --cb-arrow-red: rgba(200, 30, 30, 0.8);
  --cb-arrow-blue: rgba(0, 80, 200, 0.8);
  --cb-arrow-yellow: rgba(230, 160, 0, 0.85);
}
.cb-board {
  display: block;
  width: 100%;
  user-select: none;
  -webkit-user-select: none;
  font-family: system-ui, sans-serif;
}
.cb-frame {
  display: grid;
  grid-template-columns: 1.6em 1fr;
  grid-template-rows: auto 1.4em;
  width: calc(var(--cb-zoom, 1) * 100%);
}
.cb-board.cb-zoomed { overflow-x: auto; overscroll-behavior-x: contain; }
/* A swipe pans a zoomed board unless it starts on a piece that can move or on a target (a drag).
   The grid must allow panning too: the browser intersects the values up to the scroller. Two
   fingers pinch the page (the browser's own zoom) anywhere on the board. */
.cb-zoomed .cb-grid, .cb-zoomed .cb-cell { touch-action: pan-x pan-y pinch-zoom; }
.cb-zoomed .cb-cell.cb-movable, .cb-zoomed .cb-cell.cb-target { touch-action: pinch-zoom; }
.cb-grid {
  position: relative;
  display: grid;
  grid-template-columns: repeat(var(--files), 1fr);
  grid-template-rows: repeat(var(--ranks), 1fr);
  aspect-ratio: var(--files) / var(--ranks);
  touch-action: pinch-zoom;
}
.cb-row { display: contents; }
.cb-coords { display: grid; color: var(--cb-coord); font-size: 0.78em; font-weight: 600; }
.cb-ranks { grid-template-rows: repeat(var(--ranks), 1fr); align-items: center; justify-items: end; padding-right: 0.3em; }
.cb-files { grid-template-columns: repeat(var(--files), 1fr); justify-items: center; align-items: start; padding-top: 0.1em; }
.cb-cell {
  position: relative;
  outline: none;
  box-sizing: border-box;
}
.cb-light { background: var(--cb-light); }
.cb-dark { background: var(--cb-dark); }
.cb-cell.cb-citadel {
  background:
    repeating-linear-gradient(0deg, transparent 0 23%, rgba(0,0,0,0.16) 23% 25%),
    var(--cb-citadel);
  border: 0.22em solid var(--cb-citadel-edge);
  border-radius: 18%;
  box-shadow: inset 0 0 0 0.12em rgba(255,255,255,0.35);
}
.cb-citadel-tag {
  position: absolute;
  left: 4%;
  top: 3%;
  font-size: 0.62em;
  font-weight: 800;
  line-height: 1;
  padding: 0.12em 0.25em;
  border-radius: 0.3em;
  border: 1px solid #111;
  z-index: 1;
  pointer-events: none;
}
.cb-citadel-white .cb-citadel-tag { background: #fff; color: #111; }
.cb-citadel-black .cb-citadel-tag { background: #111; color: #fff; }
.cb-mark {
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  font-size: 0.7em;
  font-weight: 700;
  color: rgba(60, 20, 90, 0.85);
  pointer-events: none;
}
.cb-cell.cb-last::before {
  content: '';
  position: absolute;
  inset: 0;
  background: var(--cb-last);
  pointer-events: none;
}
.cb-cell.cb-hint {
  box-shadow: inset 0 0 0 0.25em #1f7a3a, inset 0 0 0 0.4em rgba(255,255,255,0.7);
}
.cb-cell.cb-selected::before {
  content: '';
  position: absolute;
  inset: 0;
  background: var(--cb-selected);
  pointer-events: none;
}
.cb-cell.cb-check::before {
  content: '';
  position: absolute;
  inset: 0;
  background: radial-gradient(circle, var(--cb-check) 0%, rgba(220,30,30,0.55) 40%, transparent 72%);
  pointer-events: none;
}
.cb-cell.cb-target::after {
  content: '';
  position: absolute;
  left: 36%; top: 36%; width: 28%; height: 28%;
  border-radius: 50%;
  background: var(--cb-target);
  pointer-events: none;
  z-index: 2;
}
.cb-cell.cb-target.cb-occupied::after {
  left: 4%; top: 4%; width: 92%; height: 92%;
  box-sizing: border-box;
  background: transparent;
  border: 0.28em solid var(--cb-target);
}
.cb-cell.cb-premove::before {
  content: '';
  position: absolute;
  inset: 0;
  background: var(--cb-premove);
  pointer-events: none;
}
.cb-cell.cb-premove-target::after { background: var(--cb-premove-target); }
.cb-cell.cb-premove-target.cb-occupied::after { background: transparent; border-color: var(--cb-premove-target); }
.cb-cell.cb-drag-over { box-shadow: inset 0 0 0 0.22em rgba(255,255,255,0.9); }
.cb-cell.cb-movable { cursor: grab; }
.cb-cell.cb-target { cursor: pointer; }
.cb-cell:focus-visible { outline: 0.2em solid var(--cb-focus); outline-offset: -0.2em; }
.cb-layer { position: absolute; inset: 0; pointer-events: none; }
.cb-piece {
  position: absolute;
  left: 0;
  top: 0;
  width: calc(100% / var(--files));
  height: calc(100% / var(--ranks));
  will-change: transform;
}
.cb-piece.cb-lifted { opacity: 0.3; }
.cb-piece svg, .cb-ghost svg { display: block; width: 100%; height: 100%; }
.cb-ghost {
  position: fixed;
  left: 0;
  top: 0;
  z-index: 1000;
  pointer-events: none;
  filter: drop-shadow(0 0.3em 0.3em rgba(0,0,0,0.35));
}
.cb-shapes { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; z-index: 3; overflow: visible; }
.cb-brush-green { --cb-brush: var(--cb-arrow-green); }
.cb-brush-red { --cb-brush: var(--cb-arrow-red); }
.cb-brush-blue { --cb-brush: var(--cb-arrow-blue); }
.cb-brush-yellow { --cb-brush: var(--cb-arrow-yellow); }
.cb-arrow-line, .cb-ring { stroke: var(--cb-brush); fill: none; }
.cb-arrow-head { fill: var(--cb-brush); }
.cb-shape.cb-auto { opacity: 0.85; }
.cb-shape.cb-drawing { opacity: 0.6; }
${themeCss()}
`;
