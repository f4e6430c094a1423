/** axe-core, the accessibility checker, run inside a page of the browser tests. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core, the accessibility checker, as a script to run inside a page. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations of any impact on the page as it stands, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Through the debugging protocol: the app's content security policy refuses inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<AxeResult> } }
    ).axe;
    interface AxeResult {
      violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`),
    );
  });
}
