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
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
