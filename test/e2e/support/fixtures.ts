/**
 * Playwright fixtures: every test gets its own browser-mode console (own data folder, own main
 * side, own embedded sandbox) and a page opened on it, waiting for the app's readiness marker.
 * Browser console errors and page errors fail the test: a blank screen must never pass.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startConsoleServer, type ConsoleServer } from './console-server';

export interface ConsoleFixtures {
  server: ConsoleServer;
  app: Page;
  pageErrors: string[];
}

/** Opens the console at `url` and waits for its readiness marker. */
export async function openConsole(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
}

export const test = base.extend<ConsoleFixtures>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use, testInfo) => {
    // The "spellings" project runs the loan specs against a sandbox that spells what the
    // specification leaves open otherwise (issue 25): the console must not depend on its guesses.
    const variant = testInfo.project.metadata['sandboxVariant'] === 'spellings' ? 'spellings' : undefined;
    const server = await startConsoleServer(variant ? { variant } : {});
    await use(server);
    await server.stop();
  },
  // eslint-disable-next-line no-empty-pattern
  pageErrors: async ({}, use) => {
    await use([]);
  },
  app: async ({ page, server, pageErrors }, use) => {
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openConsole(page, server.url);
    await use(page);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
