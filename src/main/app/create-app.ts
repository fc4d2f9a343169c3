/**
 * The composition root shared by both shells (Electron and the browser mode): builds every
 * main-side service with its dependencies, starts the embedded sandbox and registers the
 * "Local sandbox" workspace, and wires the router. No electron import here.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createRouter, type Handlers, type Router } from '../router/router';
import { EventBus } from '../events/event-bus';
import { JobRegistry } from '../jobs/job-registry';
import { RequestHistory } from '../history/request-history';
import { KeyService } from '../keychain/key-service';
import { WorkspaceStore } from '../workspaces/workspace-store';
import type { Logger } from '../log/logger';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { PlatformClients } from './platform-clients';
import { registerWorkspaceHandlers } from '../handlers/workspace-handlers';
import { registerPlatformHandlers } from '../handlers/platform-handlers';
import { registerLocalHandlers, type SaveDialog } from '../handlers/local-handlers';
import { registerWebhookHandlers } from '../handlers/webhook-handlers';
import { SandboxControls } from '../platform/sandbox-controls';
import type { Notifier } from '../webhooks/notifier';
import { WebhookReceiver } from '../webhooks/receiver';

export interface MainAppOptions {
  dataDir: string;
  shell: 'electron' | 'browser';
  version: string;
  sandboxSize: 'small' | 'large';
  log: Logger;
  /** Null in browser mode: the renderer lets the operator edit a suggested path. */
  saveDialog: SaveDialog | null;
  /** The platform client's timeout; tests shorten it. */
  timeoutMs?: number;
  /** Desktop notifications for chosen webhook events: Electron passes one; browser mode none. */
  notifier?: Notifier;
}

export interface MainApp {
  router: Router;
  events: EventBus;
  sandbox: RunningSandbox;
  close(): Promise<void>;
}

/** The services expect console-shaped loggers; lines still go through ours (service name, redaction). */
function consoleFor(log: Logger, service: string): Pick<Console, 'info' | 'warn' | 'error'> {
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ');
  return {
    info: (...args: unknown[]) => log.info(service, text(args)),
    warn: (...args: unknown[]) => log.warn(service, text(args)),
    error: (...args: unknown[]) => log.error(service, text(args)),
  };
}

export async function createMainApp(options: MainAppOptions): Promise<MainApp> {
  const { dataDir, log } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const events = new EventBus();
  const jobs = new JobRegistry();
  const history = new RequestHistory();
  const workspaces = await WorkspaceStore.open({ dataDir, logger: consoleFor(log, 'workspaces') });
  const keys = await KeyService.start({ dataDir, logger: consoleFor(log, 'keychain') });

  // The embedded sandbox: a fresh key pair each start, held in memory only (it guards nothing of
  // value), so the first run works even on a machine with no keychain at all.
  const sandbox = await startSandbox({ port: 0, size: options.sandboxSize });
  const builtIn = await workspaces.ensureBuiltInSandbox({
    baseUrl: sandbox.baseUrl,
    organizationId: sandbox.organizationId,
  });
  if (!builtIn.ok) {
    await sandbox.close();
    throw new Error(`could not register the local sandbox workspace: ${builtIn.error.message}`);
  }
  await keys.registerMemoryKey(builtIn.value.id, { apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret });
  log.info('app', `local sandbox (${options.sandboxSize}) at ${sandbox.baseUrl}`);

  const clients = new PlatformClients({ workspaces, keys, history, log, timeoutMs: options.timeoutMs });
  const receiver = new WebhookReceiver();
  const handlers = {
    ...registerWorkspaceHandlers({ workspaces, keys, clients, events }),
    ...registerPlatformHandlers({ clients, events, jobs }),
    ...registerLocalHandlers({
      info: { version: options.version, shell: options.shell, dataDir, platform: process.platform },
      clients,
      events,
      jobs,
      history,
      saveDialog: options.saveDialog,
      exportDir: join(dataDir, 'exports'),
    }),
    ...registerWebhookHandlers({
      receiver,
      controls: new SandboxControls(),
      workspaces,
      keys,
      events,
      log,
      notifier: options.notifier ?? null,
    }),
  } satisfies Handlers;

  return {
    router: createRouter(handlers, log),
    events,
    sandbox,
    async close() {
      jobs.cancelAll();
      await receiver.stop();
      await sandbox.close();
    },
  };
}
