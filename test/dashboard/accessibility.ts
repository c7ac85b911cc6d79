// What axe-core (Deque's accessibility checker, the one browsers' own audits build on) finds wrong on
// a page as it stands: WCAG 2.1 A and AA rules (labels, names, headings, contrast, landmarks, ARIA).
// Run in the page through the DevTools protocol, so the pages' Content-Security-Policy does not stop it.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** Each violation as one line: the rule, its impact, what it asks and where (the first few elements). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.where.join('; ')}`);
}
