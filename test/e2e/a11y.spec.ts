/**
 * Accessibility (issue 29): an axe-core scan of every tab, in the light and the dark theme, at
 * 1280×720 and 1440×900, fails on any serious or critical violation. The loans tab is scanned
 * again with a loan's detail pane open (the split's handle, the skip link, the actions).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { viewSettled } from './support/view-settled';
import { LoansPage } from './pages/loans';
import { ALL_TAB_IDS, Shell } from './pages/shell';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page now, one readable line per element. */
async function blockingViolations(page: Page, where: string): Promise<string[]> {
  // Violations only: the passes' details are not needed and take most of the time on a busy machine.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const lines = results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${v.help}`),
    );
  // Printed as found, so that a run cut short still says what it saw.
  for (const line of lines) console.info(line);
  return lines;
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violation on any tab, ${theme}, ${size.width}×${size.height}`, async ({
      app,
    }) => {
      test.setTimeout(900_000);
      await app.setViewportSize(size);
      await app.emulateMedia({ colorScheme: theme });
      await expect.poll(() => app.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme);
      const shell = new Shell(app);
      const found: string[] = [];
      for (const tab of ALL_TAB_IDS) {
        await shell.openTab(tab);
        await viewSettled(app, tab);
        found.push(...(await blockingViolations(app, tab)));
      }
      const loans = new LoansPage(app);
      await shell.openTab('loans');
      await loans.openLoan(await loans.loanIdByExternalId('sandbox-repay-lend-2'), 'repaying');
      await viewSettled(app, 'loans');
      found.push(...(await blockingViolations(app, 'loans with a detail pane')));
      expect(found, 'serious or critical accessibility violations').toEqual([]);
    });
  }
}
