import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, listing
 * each rule with the offending elements so the report says what to fix.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Every test also checks the last page it visited for accessibility. */
export const test = base.extend<{ accessibilityCheck: void }>({
  accessibilityCheck: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };

/** True in the phone project (narrow viewport). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;
