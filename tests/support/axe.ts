import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { animationsDone } from './browser.ts';

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would block a script tag.
export const AXE_SOURCE = readFileSync(
  new URL('../../node_modules/axe-core/axe.min.js', import.meta.url),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Serious and critical axe-core violations on the page once its animations have run, one line per
 * element (a dialog mid-fade has text at part opacity, which axe reads as low contrast).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }
    ).axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}`));
}
