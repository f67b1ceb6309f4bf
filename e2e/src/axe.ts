import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once. page.evaluate runs it even under the site's CSP. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
};

/**
 * Runs axe (WCAG 2.x A/AA and best practices) on the whole page, or only on what `include`
 * selects (an open menu), and returns its violations.
 */
export async function runAxe(page: Page, include?: string): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    type AxeResult = { violations: AxeViolation[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  }, include);
}

/** The violations a page may not ship with. */
export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A report a developer can act on: rule, impact, what to do, and each offending element. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violations`;
  const lines = [`${where}: ${violations.length} serious/critical axe rule(s) failed`];
  for (const v of violations) {
    lines.push(`- ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})`);
    for (const n of v.nodes.slice(0, 8)) {
      const summary = n.failureSummary.replace(/\s+/g, ' ').slice(0, 240);
      lines.push(`    ${n.target.join(' ')} — ${summary}`);
    }
    if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}
