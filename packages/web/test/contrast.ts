/**
 * A WCAG 2.x contrast audit run inside the page: every visible text (text nodes, form values and
 * `::before`/`::after` text) against its effective background, found by hit-testing the text's
 * position (so siblings drawn underneath count, as in the evaluation bar) and compositing the
 * background colours below it. Background images (gradients) are approximated by their colour.
 * Disabled controls are skipped (WCAG 1.4.3 exempts inactive components).
 */
import type { Page } from 'playwright-core';

export interface ContrastFinding {
  /** A short description of the element (tag, classes) and its text. */
  readonly where: string;
  readonly text: string;
  readonly ratio: number;
  /** 4.5 for normal text, 3 for large text (24px, or 18.66px bold). */
  readonly required: number;
  readonly fg: string;
  readonly bg: string;
}

/** Audits the page as it is now; the page is scrolled as needed and back to the top after. */
export async function auditContrast(page: Page): Promise<ContrastFinding[]> {
  // esbuild (used by vitest) may wrap named functions in `__name`; the page needs it defined.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: RGBA, base: [number, number, number]): [number, number, number] => [
      top[0] * top[3] + base[0] * (1 - top[3]),
      top[1] * top[3] + base[1] * (1 - top[3]),
      top[2] * top[3] + base[2] * (1 - top[3]),
    ];
    const lum = (c: [number, number, number]): number => {
      const ch = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
    };
    const hex = (c: [number, number, number]): string =>
      '#' + c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    const opacityOf = (el: Element): number => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement)
        o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const describe = (el: Element): string =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      (el.classList.length ? `.${Array.from(el.classList).join('.')}` : '');

    /** The composited background under point (x, y) for `el`'s text. */
    const backgroundAt = (el: Element, x: number, y: number): [number, number, number] => {
      const stack = document.elementsFromPoint(x, y);
      const at = stack.indexOf(el);
      // Not hit-testable itself (pointer-events: none): what lies under it is its ancestors.
      const below = at >= 0 ? stack.slice(at + 1) : stack.filter((e) => e !== el && e.contains(el));
      const layers = [el, ...below];
      let base: [number, number, number] = [255, 255, 255];
      for (let i = layers.length - 1; i >= 0; i--) {
        const bg = parse(getComputedStyle(layers[i]!).backgroundColor);
        if (bg[3] > 0) base = over(bg, base);
      }
      return base;
    };

    const findings: Array<{
      where: string;
      text: string;
      ratio: number;
      required: number;
      fg: string;
      bg: string;
    }> = [];
    /** Checks one text; `measure` gives where it is drawn (called again after scrolling). */
    const check = (
      el: Element,
      text: string,
      measure: () => DOMRect | undefined,
      style: CSSStyleDeclaration,
    ): void => {
      let rect = measure();
      if (!rect || rect.width < 1 || rect.height < 1) return;
      if (rect.top < 0 || rect.bottom > innerHeight || rect.left < 0 || rect.right > innerWidth) {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        rect = measure();
        if (!rect) return;
      }
      const bg = backgroundAt(el, rect.left + rect.width / 2, rect.top + rect.height / 2);
      const fgRaw = parse(style.color);
      const fg = over([fgRaw[0], fgRaw[1], fgRaw[2], fgRaw[3] * opacityOf(el)], bg);
      const l1 = lum(fg);
      const l2 = lum(bg);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const large = size >= 24 || (size >= 18.66 && bold);
      findings.push({
        where: describe(el),
        text: text.trim().slice(0, 40),
        ratio: Math.round(ratio * 100) / 100,
        required: large ? 3 : 4.5,
        fg: hex(fg),
        bg: hex(bg),
      });
    };

    const visible = (el: Element): boolean =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !el.closest('svg') &&
      !el.closest(':disabled');

    // With a modal dialog open the page behind it is inert and covered: audit the dialog only.
    const modal = document.querySelector('dialog:modal');
    for (const el of Array.from((modal ?? document.body).querySelectorAll('*'))) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        check(el, node.textContent, () => range.getClientRects()[0], style);
      }
      if (
        (el instanceof HTMLInputElement && /^(text|search|number)$/.test(el.type) && el.value) ||
        (el instanceof HTMLSelectElement && el.value) ||
        (el instanceof HTMLTextAreaElement && el.value)
      ) {
        // The value is drawn at the control's start, inside its padding.
        const box = (): DOMRect => {
          const r = el.getBoundingClientRect();
          return new DOMRect(r.left + 4, r.top + 2, Math.min(24, r.width - 8), r.height - 4);
        };
        check(el, (el as HTMLInputElement).value, box, style);
      }
      for (const pseudo of ['::before', '::after']) {
        const ps = getComputedStyle(el, pseudo);
        const content = ps.content;
        if (!content || content === 'none' || content === 'normal' || ps.display === 'none')
          continue;
        const attr = /^attr\(([\w-]+)\)$/.exec(content);
        const text = attr ? (el.getAttribute(attr[1]!) ?? '') : content.replace(/^"|"$/g, '');
        if (!text.trim()) continue;
        // Generated text sits at the element's start (e.g. the move numbers).
        const start = (): DOMRect => {
          const r = el.getBoundingClientRect();
          return new DOMRect(r.left, r.top, Math.min(16, r.width), r.height);
        };
        check(el, text, start, ps);
      }
    }
    scrollTo(0, 0);
    return findings;
  });
}
