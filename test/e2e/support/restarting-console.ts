/**
 * A console kept on one data folder across restarts, for tests of what outlives the app: the
 * folder is made for the test, the console started on it and `page` opened; the test may stop it
 * (to write its files while it is down) and start it again; at the end it is stopped and the
 * folder removed, whatever happened.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startConsoleServer, type ConsoleServer } from './console-server';
import { openConsole } from './fixtures';

export interface RestartingConsole {
  readonly dataDir: string;
  /** Stops the running console. */
  stop(): Promise<void>;
  /** Starts a console on the same data folder and opens `page` on it. */
  start(): Promise<void>;
}

export async function onDataDir(
  name: string,
  page: Page,
  body: (restarting: RestartingConsole) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), `copper-e2e-${name}-`));
  let server: ConsoleServer | undefined;
  const restarting: RestartingConsole = {
    dataDir,
    stop: async () => {
      await server?.stop();
      server = undefined;
    },
    start: async () => {
      server = await startConsoleServer({ dataDir });
      await openConsole(page, server.url);
    },
  };
  try {
    await restarting.start();
    await body(restarting);
  } finally {
    await restarting.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
