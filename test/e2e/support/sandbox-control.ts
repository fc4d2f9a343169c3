/**
 * The embedded sandbox's control panel, as a console server's test reaches it: its address read
 * from the console's start-up log, and its quirks set (shared by the specs that copied these).
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { SandboxQuirks } from '../../../src/shared/sandbox-quirks';
import type { ConsoleServer } from './console-server';

/** The embedded sandbox's control URL (`…/sandbox`), read from the console's start-up log. */
export function sandboxControlUrl(server: ConsoleServer): string {
  const base = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(server.output())?.[1];
  if (base === undefined) throw new Error('the console did not log its sandbox address');
  return `${base}/sandbox`;
}

/** Sets the embedded sandbox's quirks (answers shaped as a real platform may shape them). */
export async function setQuirks(server: ConsoleServer, quirks: SandboxQuirks): Promise<void> {
  const res = await fetch(`${sandboxControlUrl(server)}/quirks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': server.sandboxControlToken },
    body: JSON.stringify(quirks),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** Loads the app again (every list is read afresh, under the quirks now set) and waits until ready. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
}
