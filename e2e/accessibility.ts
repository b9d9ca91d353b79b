import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SCREENSHOTS } from './ui-support';

/**
 * Shared accessibility checks for the e2e specs: axe-core with the WCAG 2.1 A/AA rules on
 * the page as it is, failing with a list a person can act on (rule, where, what is wrong) rather than
 * axe's raw JSON. Only serious and critical findings fail: those are the ones that lock someone out.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The two widths every screen is checked and photographed at: a phone and a wide desktop. */
export const WIDTHS = [1400, 390] as const;

export const A11Y_SCREENSHOTS = `${SCREENSHOTS}a11y/`;

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the current page and returns its serious and critical findings. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim() ?? '',
    }));
}

/** One readable paragraph per finding, for a failure message. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `- ${violation.rule} (${violation.impact}): ${violation.help}\n` +
        `    at ${violation.targets.slice(0, 6).join('\n       ')}` +
        `${violation.targets.length > 6 ? `\n       …and ${violation.targets.length - 6} more` : ''}\n` +
        `    ${violation.summary}`,
    )
    .join('\n');
}

/** Fails (softly, so one run lists every screen) when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  const message = `${screen}: serious or critical accessibility violations\n${describeViolations(violations)}`;
  expect.soft(violations.length, message).toBe(0);
}

/**
 * Checks a screen at each width in WIDTHS: resizes, waits for the layout to settle, saves a screenshot
 * to .tmp/screenshots/a11y/<screen>-<width>.png and runs axe. `atWidth` runs after each resize, for a
 * screen whose narrow layout needs a step (a tab, a drawer).
 */
export async function checkScreen(
  page: Page,
  screen: string,
  atWidth?: (width: number) => Promise<void>,
): Promise<void> {
  mkdirSync(A11Y_SCREENSHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 900 ? 900 : 844 });
    await atWidth?.(width);
    await settleAnimations(page);
    await page.screenshot({ path: `${A11Y_SCREENSHOTS}${screen}-${width}.png` });
    await expectAccessible(page, `${screen} at ${width} px`);
  }
}

/** Waits for finite CSS transitions and animations (a sliding drawer, a fading dialog); spinners loop forever. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
