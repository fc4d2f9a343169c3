/**
 * The composition root shared by both shells (Electron and the browser mode): builds every
 * main-side service with its dependencies, starts the embedded sandbox and registers the
 * "Local sandbox" workspace, and wires the router. No electron import here.
 */
import { prepareDataDir } from './data-dir';
import { join } from 'node:path';
import { createRouter, type Handlers, type Router } from '../router/router';
import { EventBus } from '../events/event-bus';
import { JobRegistry } from '../jobs/job-registry';
import { RequestHistory } from '../history/request-history';
import { KeyService } from '../keychain/key-service';
import { WorkspaceStore } from '../workspaces/workspace-store';
import type { Logger } from '../log/logger';
import { startSandbox, type RunningSandbox, type SandboxSize, type SandboxVariant } from '../../sandbox';
import { warmUpHttpClient } from './warm-up';
import { startLoadingTransport } from '../platform/transport';
import { PlatformClients } from '../platform/platform-clients';
import type { Sleep } from '../platform/client';
import { workspaceHandlers } from '../handlers/workspace-handlers';
import { platformHandlers } from '../handlers/platform-handlers';
import { ExportPaths, localHandlers, type SaveDialog } from '../handlers/local-handlers';
import { Journals } from '../journal/journals';
import { journalHandlers } from '../handlers/journal-handlers';
import { PreferencesStore } from '../preferences/preferences-store';
import { webhookHandlers } from '../handlers/webhook-handlers';
import { preferencesHandlers } from '../handlers/preferences-handlers';
import { actionHandlers } from '../handlers/action-handlers';
import { ActionService, type CrashPoint } from '../actions/action-service';
import { installationOf, JournalKeyring } from '../journal/journal-keyring';
import { SandboxControls } from '../platform/sandbox-controls';
import type { Notifier } from '../webhooks/notifier';
import { WebhookReceiver } from '../webhooks/receiver';
import { WebhookService } from '../webhooks/webhook-service';
import { UpdateService } from '../updater/update-service';
import { updateHandlers } from '../handlers/update-handlers';
import type { UpdateEngineFactory } from '../updater/update-engine';
import type { KeychainStatus } from '../../shared/contract';
import { PLATFORM_LIMITS, type PlatformLimits } from '../../shared/platform/limits';
import { RiskStateFile } from '../risk/risk-state-file';
import { RiskWatch } from '../risk/risk-watch';
import { riskHandlers } from '../handlers/risk-handlers';
import { activitiesOwner, rowModelHandlers } from '../handlers/row-model-handlers';
import { RowStores } from '../row-model/row-stores';
import { priceHandlers } from '../handlers/price-handlers';
import { exchangeAssetHandlers } from '../handlers/exchange-asset-handlers';
import { removeWorkspaceJson } from '../workspaces/workspace-json-file';
import { PRICES_DIR } from '../prices/price-store';
import { PAGE_SIZES_DIR, PageSizeStore } from '../platform/page-size-store';
import { pageSizeHandlers } from '../handlers/page-size-handlers';
import { ASSETS_DIR } from '../exchange-assets/asset-table-store';

export interface MainAppOptions {
  dataDir: string;
  shell: 'electron' | 'browser';
  version: string;
  sandboxSize: SandboxSize;
  /**
   * The embedded sandbox's spellings of what the specification leaves open (default: the
   * console's expected ones); `spellings` runs the loan tests against other plausible values.
   */
  sandboxVariant?: SandboxVariant;
  log: Logger;
  /** Null in browser mode: the renderer lets the operator edit a suggested path. */
  saveDialog: SaveDialog | null;
  /** The platform client's timeout; tests shorten it. */
  timeoutMs?: number;
  /**
   * Tests only: the platform clients' and lockout guards' clock and how the clients wait, so that a
   * fault test reads the backoff it asked for instead of waiting for it.
   */
  platformClock?: { now: () => number; sleep: Sleep };
  /**
   * The limits the lockout guard counts against (default: the real platform's). Only tests that
   * flood the embedded sandbox on purpose (the contract fuzz) raise them.
   */
  guardLimits?: PlatformLimits;
  /**
   * Benchmarks only (browser-mode `--bench-request-budget`): the requests per 5 minutes both the
   * embedded sandbox and the lockout guard allow, so a million-row walk (1,001 requests) is timed
   * without waiting for the real platform's budget. Never set against a real platform.
   */
  benchRequestBudget?: number;
  /** Desktop notifications for chosen webhook events: Electron passes one; browser mode none. */
  notifier?: Notifier;
  /** The embedded sandbox's control token (tests pass one to drive its controls); default random. */
  sandboxControlToken?: string;
  /** Builds the updater for a feed URL (Electron passes electron-updater's); absent: updates unsupported. */
  updateEngine?: UpdateEngineFactory;
  /**
   * Where the administrator's update policy is looked for, first found wins (tests, and browser
   * mode's `--update-policy <file>`); default the system path, then the packaged default.
   */
  updatePolicyPaths?: readonly string[];
  /**
   * Kill tests only (browser mode's `--test-crash-point`): the action service stops for good at this
   * point of every action and says so on stdout, so that the test kills the process exactly there.
   */
  crashPoint?: CrashPoint;
}

/** A crash point: prints where it stopped, then never resolves (the test kills the process). */
function pauseAt(point: CrashPoint, log: Logger): (at: CrashPoint) => Promise<void> {
  return (at) => {
    if (at !== point) return Promise.resolve();
    log.warn('actions', `stopped at crash point "${at}" for a kill test`);
    process.stdout.write(`crash-point ${at}\n`);
    return new Promise<void>(() => undefined);
  };
}

export interface MainApp {
  router: Router;
  events: EventBus;
  sandbox: RunningSandbox;
  /** Locks the encrypted vault now; the Electron shell calls it on suspend and screen lock (powerMonitor). */
  lockVault(): Promise<void>;
  /** Desktop updates; the Electron shell starts its automatic checks (when allowed) once the window is up. */
  updates: UpdateService;
  /** For the shell's start-up dialog when the OS keychain is unavailable. */
  keychainStatus(): Promise<KeychainStatus>;
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

/** Calls `fn(key)` at most once per `ms` per key, trailing: a burst of requests is one meter update. */
function throttlePerKey(ms: number, fn: (key: string) => void): (key: string) => void {
  const pending = new Set<string>();
  return (key) => {
    if (pending.has(key)) return;
    pending.add(key);
    setTimeout(() => {
      pending.delete(key);
      fn(key);
    }, ms).unref();
  };
}

export async function createMainApp(options: MainAppOptions): Promise<MainApp> {
  const { dataDir, log } = options;
  // The HTTP client loads while the start-up waits on the disk and the keychain, not later
  // beside the window's own loading (transport.ts).
  startLoadingTransport();
  await prepareDataDir(dataDir, log);

  const events = new EventBus();
  const jobs = new JobRegistry();
  // Issue 12: the request history and preferences persist in dataDir; the journal is opened below.
  const history = await RequestHistory.open({ dir: join(dataDir, 'history'), log });
  const preferences = await PreferencesStore.open({ dataDir, log });
  const exportPaths = new ExportPaths();
  const workspaces = await WorkspaceStore.open({ dataDir, logger: consoleFor(log, 'workspaces') });
  const keys = await KeyService.start({ dataDir, logger: consoleFor(log, 'keychain'), names: workspaces });
  // The journal's MAC key and anchors live beside the API keys (keychain, else vault); loaded now
  // so that key fingerprints are stable from the first request, and again when the vault opens.
  const journalKeyring = new JournalKeyring(() => keys.itemStore(), dataDir, {
    create: true,
    warn: (m) => log.info('journal', m),
  });
  const journalKey = await journalKeyring.key();
  if (journalKey.key === null)
    log.warn('journal', `journal entries are not MACed until a key home is available: ${journalKey.why}`);

  // The embedded sandbox: a fresh key pair each start, held in memory only (it guards nothing of
  // value), so the first run works even on a machine with no keychain at all.
  const sandbox = await startSandbox({
    port: 0,
    // The key id stays the same across starts of this data folder (the secret is fresh each time):
    // de-duplication and the journal name the signing key by it, and an action left unsettled
    // before a restart must still block its duplicate.
    apiKey: `local-sandbox-${installationOf(dataDir).slice(0, 16)}`,
    size: options.sandboxSize,
    ...(options.sandboxVariant ? { variant: options.sandboxVariant } : {}),
    controlToken: options.sandboxControlToken,
    ...(options.benchRequestBudget
      ? { rateLimit: { requests: options.benchRequestBudget, windowMs: PLATFORM_LIMITS.requests.windowMs } }
      : {}),
  });
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
  // Not awaited: the window loads meanwhile (warm-up.ts says why).
  void warmUpHttpClient(sandbox.baseUrl, log);

  // The page sizes the walks learn per workspace (issue 30): every client of a workspace uses them.
  const pageSizes = new PageSizeStore(dataDir, (m) => log.warn('page-sizes', m));
  const clients = new PlatformClients({
    pageSizes,
    workspaces,
    keys,
    history,
    log,
    dataDir,
    // Key ids are named by an HMAC under the journal key (journal-keyring.ts), in the journal, the
    // duplicate check and the guard's state file alike.
    fingerprint: (apiKeyId) => journalKeyring.fingerprintSync(apiKeyId),
    timeoutMs: options.timeoutMs,
    ...(options.platformClock ?? {}),
    ...(options.guardLimits ? { limits: options.guardLimits } : {}),
    ...(options.benchRequestBudget
      ? {
          limits: {
            ...PLATFORM_LIMITS,
            requests: { limit: options.benchRequestBudget, windowMs: PLATFORM_LIMITS.requests.windowMs },
          },
        }
      : {}),
    onGuardChange: throttlePerKey(250, (workspaceId) => events.emit('guard-changed', { workspaceId })),
  });
  const journals = await Journals.open({
    dataDir,
    log,
    knownSecrets: () => [sandbox.apiSecret],
    keyring: journalKeyring,
  });
  void journals.warm(); // in the background: the unsettled notice and the Journal view read it
  const actions = new ActionService({
    clients,
    journal: journals,
    onUnsettledChange: () => events.emit('actions-changed', { workspaceId: null }),
    ...(options.timeoutMs !== undefined ? { answerWithinMs: options.timeoutMs } : {}),
    operator: () => preferences.effectiveOperator(),
    ...(options.crashPoint ? { crashPoint: pauseAt(options.crashPoint, log) } : {}),
    log: (message, error) => log.error('actions', message, error),
  });
  // Actions whose outcome was still unknown when the console stopped come back, until settled.
  void journals
    .unsettled()
    .then((entries) => actions.restore(entries))
    .catch((error: unknown) =>
      log.error('actions', 'could not read unsettled actions from the journal', error),
    );
  const receiver = new WebhookReceiver({ onError: (m, error) => log.error('webhooks', m, error) });
  const webhooks = new WebhookService({
    receiver,
    controls: new SandboxControls({
      embedded: { controlUrl: sandbox.controlUrl, controlToken: sandbox.controlToken },
    }),
    workspaces,
    keys,
    events,
    log,
    notifier: options.notifier ?? null,
    preferences,
  });
  const updates = await UpdateService.open({
    dataDir,
    currentVersion: options.version,
    createEngine: options.updateEngine ?? null,
    hasProductionWorkspace: async () =>
      workspaces.list().workspaces.some((w) => w.environment === 'production'),
    log,
    onStatus: (status) => events.emit('update-status', status),
    ...(options.updatePolicyPaths ? { policyPaths: options.updatePolicyPaths } : {}),
  });
  // Issue 13: the risk watch runs per workspace on the main side, whether or not its tab is shown.
  const riskWatch = new RiskWatch({
    clients,
    state: await RiskStateFile.open(dataDir, (m) => log.warn('risk', m)),
    journal: journals,
    notify: options.notifier ? (title, body) => options.notifier?.notify(title, body) : null,
    onAlert: (alert) => events.emit('risk-alert', alert),
    onChanged: (workspaceId, failure) => events.emit('risk-changed', { workspaceId, failure }),
    warn: (m) => log.warn('risk', m),
    // Issue 25: a cycle that throws is logged here, shown on the board and retried with back-off.
    error: (m, error) => log.error('risk', m, error),
  });
  riskWatch.resumeAll();
  events.subscribe((event, payload) => {
    if (event === 'webhook-received') riskWatch.nudge((payload as { workspaceId: string }).workspaceId);
  });
  const rowStores = new RowStores();
  const workspaceCalls = workspaceHandlers({ workspaces, keys, clients, events });
  const handlers = {
    ...riskHandlers({ watch: riskWatch, clients }),
    ...workspaceCalls,
    // A removed workspace's loaded rows, price sheet and exchange asset table go with it.
    'workspaces.remove': async (input) => {
      const removed = await workspaceCalls['workspaces.remove'](input);
      if (!removed.ok) return removed;
      rowStores.releaseOwnedBy(activitiesOwner(input.id));
      pageSizes.forget(input.id);
      for (const folder of [PRICES_DIR, ASSETS_DIR, PAGE_SIZES_DIR]) {
        const gone = await removeWorkspaceJson(dataDir, folder, input.id);
        if (!gone.ok) log.warn('workspaces', gone.error.message);
      }
      return removed;
    },
    // Where the journal's key lives in the vault, it is loaded (or made) as soon as the vault opens.
    'keychain.createVault': async (input) => {
      const done = await workspaceCalls['keychain.createVault'](input);
      if (done.ok) await journalKeyring.key();
      return done;
    },
    'keychain.unlockVault': async (input) => {
      const done = await workspaceCalls['keychain.unlockVault'](input);
      if (done.ok) await journalKeyring.key();
      return done;
    },
    ...platformHandlers({ clients, events, jobs }),
    ...rowModelHandlers({ clients, events, jobs, stores: rowStores }),
    ...actionHandlers({ actions, clients }),
    ...localHandlers({
      info: { version: options.version, shell: options.shell, dataDir, platform: process.platform },
      clients,
      events,
      jobs,
      history,
      saveDialog: options.saveDialog,
      exportDir: join(dataDir, 'exports'),
      exportPaths,
    }),
    ...journalHandlers({ journals, exportPaths, log }),
    ...preferencesHandlers({ preferences }),
    ...updateHandlers({ updates }),
    ...webhookHandlers({ webhooks }),
    ...priceHandlers({ dataDir, workspaces, sandbox }),
    ...pageSizeHandlers({ store: pageSizes, workspaces }),
    ...exchangeAssetHandlers({ dataDir, workspaces }),
  } satisfies Handlers;

  return {
    router: createRouter(handlers, log),
    events,
    sandbox,
    async lockVault() {
      await keys.lockVault();
    },
    updates,
    keychainStatus: () => keys.status(),
    async close() {
      riskWatch.close();
      updates.close();
      jobs.cancelAll();
      await receiver.stop();
      // Before the sandbox: the guards write what they counted and give back their in-flight
      // allowance (key-guards.ts), so a clean stop adds no assumed failures at the next start.
      await clients.close();
      await sandbox.close();
      await history.flush();
      await journals.close();
    },
  };
}
