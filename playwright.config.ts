import { defineConfig } from '@playwright/test';

/** Debian's Chromium; Playwright's own browser download cannot work on these machines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium at the console's usual window size, for every browser-mode project. */
const BROWSER = {
  browserName: 'chromium',
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  },
} as const;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    {
      name: 'browser-mode',
      testIgnore: /electron\.spec\.ts/,
      use: BROWSER,
    },
    {
      // Issue 25: the loan actions again, on a sandbox seeded with other plausible spellings of
      // what the specification leaves open (allocation types and statuses, statuses around
      // repayment and interest). The fixture reads the variant from the metadata.
      name: 'spellings',
      testMatch: /loans\.spec\.ts/,
      metadata: { sandboxVariant: 'spellings' },
      use: BROWSER,
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
