/**
 * Desktop updates (issues 15.3 and 26). The rules, each tested in test/unit/updater:
 * - The feed, automatic checks and the consent to update automatically while a production
 *   workspace exists come only from the administrator's policy file (update-policy.ts), read once
 *   at start. No renderer call can change them; the renderer sees them, checks now, and chooses when
 *   a verified update installs.
 * - No feed (the default), or a bad policy: updates are off, no engine is built, nothing reaches
 *   the network. A bad policy is reported in the status and the log.
 * - Automatic checks (at start and every 6 hours) run only when the policy turns them on, and,
 *   while any production workspace exists, only when it also gives the production consent.
 * - Every download is verified against the Ed25519 update key built into the app
 *   (update-signature.ts) before it is "ready". A missing, malformed or mismatched signature: the
 *   downloaded file is deleted, nothing is installed, and the status says why ("refused").
 * - Nothing is installed until the operator says so: "restart now" or "install when I quit".
 * The `updates.json` an older version wrote in the data folder is never read.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { UpdateStatus } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/result';
import type { Logger } from '../log/logger';
import { UpdaterInactiveError, type UpdateEngine, type UpdateEngineFactory } from './update-engine';
import { defaultPolicyPaths, loadUpdatePolicy, type UpdatePolicy } from './update-policy';
import { builtInUpdateKey, checkUpdateSignature } from './update-signature';

const AUTOMATIC_EVERY_MS = 6 * 60 * 60 * 1000;
const PAUSED_FOR_PRODUCTION =
  'A production workspace exists and the update policy gives no consent for automatic updates there: check by hand.';

export interface UpdateServiceDeps {
  dataDir: string;
  currentVersion: string;
  /** Null where there is nothing to update (browser mode). */
  createEngine: UpdateEngineFactory | null;
  hasProductionWorkspace: () => Promise<boolean>;
  log: Logger;
  onStatus?: (status: UpdateStatus) => void;
  now?: () => Date;
  /** The automatic checks' timer; tests pass their own. */
  every?: (ms: number, run: () => void) => { stop(): void };
  /** Where the policy is looked for, first found wins; default the system path, then the packaged one. */
  policyPaths?: readonly string[];
  /** The key updates must be signed with; default the one built into the app. Tests pass their own. */
  publicKey?: KeyObject;
}

type OwnState = Pick<
  UpdateStatus,
  'state' | 'availableVersion' | 'installOnQuit' | 'message' | 'lastCheckedAt'
>;

export class UpdateService {
  private engine: UpdateEngine | null = null;
  private timer: { stop(): void } | null = null;
  private busy: Promise<unknown> | null = null;
  private state: OwnState;
  private automaticPaused: string | null = null;

  private constructor(
    private readonly deps: UpdateServiceDeps,
    private readonly policy: UpdatePolicy,
  ) {
    const unsupported = deps.createEngine === null;
    this.state = {
      state: unsupported ? 'unsupported' : policy.feedUrl === '' ? 'off' : 'idle',
      availableVersion: null,
      installOnQuit: false,
      message: unsupported ? 'Updates apply to the installed desktop app only.' : policy.problem,
      lastCheckedAt: null,
    };
  }

  static async open(deps: UpdateServiceDeps): Promise<UpdateService> {
    const policy = await loadUpdatePolicy(deps.policyPaths ?? defaultPolicyPaths());
    if (policy.problem !== null) deps.log.error('updater', `update policy refused: ${policy.problem}`);
    else if (policy.source !== null)
      deps.log.info(
        'updater',
        `update policy from ${policy.source}: ${policy.feedUrl || 'no feed, updates off'}`,
      );
    if (existsSync(join(deps.dataDir, 'updates.json')))
      deps.log.info(
        'updater',
        "updates.json in the data folder is ignored: the update feed comes from the administrator's policy",
      );
    return new UpdateService(deps, policy);
  }

  status(): UpdateStatus {
    return {
      ...this.state,
      feedUrl: this.policy.feedUrl,
      automatic: this.policy.automatic,
      productionConsent: this.policy.productionConsent,
      policy: { source: this.policy.source, problem: this.policy.problem },
      automaticPaused: this.automaticPaused,
      currentVersion: this.deps.currentVersion,
    };
  }

  /** One line for Help › About: where the update policy came from, or why it was refused. */
  aboutLine(): string {
    const { source, problem, feedUrl } = this.policy;
    if (problem !== null) return `Updates: off, the update policy was refused: ${problem}`;
    if (source === null) return 'Updates: off, no update policy is installed.';
    return `Updates: ${feedUrl === '' ? 'off' : feedUrl}, from the policy ${source}.`;
  }

  /** At start: schedules automatic checks when the policy allows them, and runs the first one. */
  async start(): Promise<void> {
    this.timer?.stop();
    this.timer = null;
    this.automaticPaused = null;
    if (this.state.state === 'unsupported' || this.policy.feedUrl === '' || !this.policy.automatic) return;
    const every =
      this.deps.every ??
      ((ms: number, run: () => void) => {
        const handle = setInterval(run, ms);
        handle.unref();
        return { stop: () => clearInterval(handle) };
      });
    this.timer = every(AUTOMATIC_EVERY_MS, () => void this.automaticTick());
    await this.automaticTick();
  }

  /** The operator's "check now": checks, downloads a newer version and verifies its signature. */
  async check(): Promise<Result<UpdateStatus>> {
    if (this.state.state === 'unsupported')
      return fail('unsupported', this.state.message ?? 'Updates are unsupported here.');
    if (this.policy.problem !== null)
      return fail('unsupported', `Updates are off: the update policy was refused (${this.policy.problem}).`);
    if (this.policy.feedUrl === '')
      return fail('unsupported', 'Updates are off: your administrator has set no update feed.');
    await this.runCheck();
    return ok(this.status());
  }

  /** Only for an update that is downloaded and verified ("ready"). */
  async installOnRestart(now: boolean): Promise<Result<UpdateStatus>> {
    if (this.state.state !== 'ready' || this.engine === null)
      return fail('bad-input', 'No downloaded and verified update is ready to install.');
    this.engine.setInstallOnQuit(true);
    this.set({ installOnQuit: true });
    if (now) this.engine.quitAndInstall();
    return ok(this.status());
  }

  close(): void {
    this.timer?.stop();
    this.timer = null;
  }

  private set(patch: Partial<OwnState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStatus?.(this.status());
  }

  /** Consent is asked again at each tick: a production workspace may have been added since. */
  private async automaticTick(): Promise<void> {
    if (!this.policy.productionConsent && (await this.deps.hasProductionWorkspace())) {
      this.automaticPaused = PAUSED_FOR_PRODUCTION;
      this.deps.onStatus?.(this.status());
      return;
    }
    this.automaticPaused = null;
    await this.runCheck();
  }

  private runCheck(): Promise<unknown> {
    // One check at a time: a second request joins the one in flight.
    if (this.busy) return this.busy;
    this.busy = this.checkAndDownload().finally(() => (this.busy = null));
    return this.busy;
  }

  private async checkAndDownload(): Promise<void> {
    if (this.state.state === 'ready') return;
    this.engine ??= this.deps.createEngine!(this.policy.feedUrl);
    const engine = this.engine;
    this.set({ state: 'checking', message: null });
    let file: string | null = null;
    try {
      const found = await engine.check();
      const lastCheckedAt = (this.deps.now?.() ?? new Date()).toISOString();
      if (!found.available) return this.set({ state: 'up-to-date', availableVersion: null, lastCheckedAt });
      this.set({ state: 'downloading', availableVersion: found.version, lastCheckedAt });
      file = await engine.download();
      const refusal = await checkUpdateSignature(
        file,
        await engine.fetchSignature(file),
        this.deps.publicKey ?? builtInUpdateKey(),
      );
      if (refusal !== null) {
        await this.discard(file);
        const message = `Version ${found.version} was refused and deleted: ${refusal}. Nothing was installed.`;
        this.deps.log.error('updater', message);
        return this.set({ state: 'refused', message });
      }
      this.deps.log.info('updater', `version ${found.version} downloaded and its signature verified`);
      this.set({ state: 'ready' });
    } catch (error) {
      if (file !== null) await this.discard(file);
      if (error instanceof UpdaterInactiveError)
        return this.set({ state: 'unsupported', message: error.message });
      this.deps.log.warn('updater', 'update check failed', error);
      const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : 'unknown error';
      this.set({ state: 'error', message: `The update check failed: ${reason}` });
    }
  }

  /** Deletes a refused download and electron-updater's record of it, so nothing can install it. */
  private async discard(file: string): Promise<void> {
    for (const path of [file, join(dirname(file), 'update-info.json')])
      await rm(path, { force: true }).catch((error: unknown) =>
        this.deps.log.error('updater', `could not delete the refused update ${path}`, error),
      );
    // A fresh engine next time: the old one still holds the refused download as "downloaded".
    this.engine = null;
  }
}
