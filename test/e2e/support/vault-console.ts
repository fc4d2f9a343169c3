/**
 * A console with no Secret Service, whatever the machine has (keys go to the vault), and a second
 * sandbox beside it to add as a workspace with a key of its own: the fixtures the vault specs
 * share.
 */
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { test as base } from './fixtures';
import type { WorkspacesPage } from '../pages/workspaces';
import { startConsoleServer } from './console-server';

type ConsoleServerOptions = NonNullable<Parameters<typeof startConsoleServer>[0]>;

/** Starts the console with the Secret Service out of reach (plus `opts`, e.g. its args). */
export const startVaultConsole = (opts: ConsoleServerOptions = {}) =>
  startConsoleServer({ ...opts, env: { ...opts.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });

/** The key the second sandbox accepts. */
export interface SecondSandboxKey {
  seed: number;
  apiKey: string;
  apiSecret: string;
}

/** The console fixtures with `server` a vault console and `second` a small sandbox taking `key`. */
export function vaultConsoleTest(key: SecondSandboxKey) {
  return base.extend<{ second: RunningSandbox }>({
    // eslint-disable-next-line no-empty-pattern
    server: async ({}, use) => {
      const server = await startVaultConsole();
      await use(server);
      await server.stop();
    },
    // eslint-disable-next-line no-empty-pattern
    second: async ({}, use) => {
      const sandbox = await startSandbox({ ...key, size: 'small', rateLimit: false });
      await use(sandbox);
      await sandbox.close();
    },
  });
}

/** Creates the vault with `passphrase`, then adds the second sandbox as workspace `name` with its key. */
export async function addVaultedWorkspace(
  view: WorkspacesPage,
  o: { passphrase: string; name: string; second: RunningSandbox; key: Omit<SecondSandboxKey, 'seed'> },
): Promise<void> {
  await view.createVault(o.passphrase);
  await view.addWorkspace({
    name: o.name,
    environment: 'sandbox',
    organizationId: o.second.organizationId,
    baseUrl: o.second.baseUrl,
    apiKey: o.key.apiKey,
    apiSecret: o.key.apiSecret,
  });
}
