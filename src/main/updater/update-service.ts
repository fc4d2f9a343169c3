/**
 * Desktop updates behind a setting (issue 15.3). The rules, each tested in test/unit/updater:
 * - The feed URL is empty by default, and then no engine is even built: nothing reaches the network.
 * - Automatic checks (at start and every 6 hours) run only when the operator turned them on, and,
 *   while any production workspace exists, only with their explicit consent to that.
 * - A check the operator asks for is consent for that one check and its download.
 * - Nothing is installed until the operator says so: "restart now" or "install when I quit".
 * Settings live in `updates.json` of the data folder.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UpdateStatus } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/result';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../workspaces/atomic-write';
import { parseFeedUrl } from './feed-url';
import { UpdaterInactiveError, type UpdateEngine, type UpdateEngineFactory } from './update-engine';

const AUTOMATIC_EVERY_MS = 6 * 60 * 60 * 1000;

interface UpdateSettings {
  feedUrl: string;
  automatic: boolean;
  productionConsent: boolean;
}
const DEFAULT_SETTINGS: UpdateSettings = { feedUrl: '', automatic: false, productionConsent: false };

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
}

function readSettings(raw: unknown): UpdateSettings {
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_SETTINGS };
  const r = raw as Record<string, unknown>;
  const feed = typeof r['feedUrl'] === 'string' ? parseFeedUrl(r['feedUrl']) : null;
  return {
    feedUrl: feed?.ok ? feed.value : '',
    automatic: r['automatic'] === true,
    productionConsent: r['productionConsent'] === true,
  };
}

export class UpdateService {
  private engine: UpdateEngine | null = null;
  private engineFeed = '';
  private timer: { stop(): void } | null = null;
  private busy: Promise<unknown> | null = null;
  private state: Omit<UpdateStatus, keyof UpdateSettings | 'currentVersion' | 'automaticPaused'>;
  private automaticPaused: string | null = null;

  private constructor(
    private readonly deps: UpdateServiceDeps,
    private settings: UpdateSettings,
  ) {
    this.state = {
      state: deps.createEngine === null ? 'unsupported' : settings.feedUrl === '' ? 'off' : 'idle',
      availableVersion: null,
      installOnQuit: false,
      message: deps.createEngine === null ? 'Updates apply to the installed desktop app only.' : null,
      lastCheckedAt: null,
    };
  }

  static async open(deps: UpdateServiceDeps): Promise<UpdateService> {
    let raw: unknown = null;
    try {
      raw = JSON.parse(await readFile(join(deps.dataDir, 'updates.json'), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        deps.log.warn('updater', 'updates.json unreadable: updates are off until set again', error);
    }
    return new UpdateService(deps, readSettings(raw));
  }

  status(): UpdateStatus {
    return {
      ...this.state,
      ...this.settings,
      automaticPaused: this.automaticPaused,
      currentVersion: this.deps.currentVersion,
    };
  }

  /** At start: schedules automatic checks when allowed, and runs the first one. */
  async start(): Promise<void> {
    await this.refreshAutomatic();
  }

  async configure(input: Partial<UpdateSettings>): Promise<Result<UpdateStatus>> {
    const next = { ...this.settings };
    if (input.feedUrl !== undefined) {
      const feed = parseFeedUrl(input.feedUrl);
      if (!feed.ok) return feed;
      next.feedUrl = feed.value;
    }
    if (input.automatic !== undefined) next.automatic = input.automatic;
    if (input.productionConsent !== undefined) next.productionConsent = input.productionConsent;
    try {
      await writeFileAtomic(join(this.deps.dataDir, 'updates.json'), JSON.stringify(next, null, 2));
    } catch (error) {
      this.deps.log.error('updater', 'could not save updates.json', error);
      return fail('io', 'Could not save the update settings in the data folder.');
    }
    const feedChanged = next.feedUrl !== this.settings.feedUrl;
    this.settings = next;
    if (feedChanged && this.state.state !== 'unsupported') {
      this.engine = null;
      this.set({
        state: next.feedUrl === '' ? 'off' : 'idle',
        availableVersion: null,
        message: null,
        installOnQuit: false,
      });
    }
    await this.refreshAutomatic();
    return ok(this.status());
  }

  /** The operator's "check now": checks, and downloads a newer version. */
  async check(): Promise<Result<UpdateStatus>> {
    if (this.state.state === 'unsupported')
      return fail('unsupported', this.state.message ?? 'Updates are unsupported here.');
    if (this.settings.feedUrl === '')
      return fail(
        'bad-input',
        'No update feed is set: enter the feed URL your organization gave you first.',
        {
          field: 'feedUrl',
        },
      );
    await this.runCheck();
    return ok(this.status());
  }

  async installOnRestart(now: boolean): Promise<Result<UpdateStatus>> {
    if (this.state.state !== 'ready' || this.engine === null)
      return fail('bad-input', 'No downloaded update is ready to install.');
    this.engine.setInstallOnQuit(true);
    this.set({ installOnQuit: true });
    if (now) this.engine.quitAndInstall();
    return ok(this.status());
  }

  close(): void {
    this.timer?.stop();
    this.timer = null;
  }

  private set(patch: Partial<typeof this.state>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStatus?.(this.status());
  }

  private async refreshAutomatic(): Promise<void> {
    this.timer?.stop();
    this.timer = null;
    const { feedUrl, automatic, productionConsent } = this.settings;
    this.automaticPaused = null;
    if (this.state.state === 'unsupported' || feedUrl === '' || !automatic) return;
    if (!productionConsent && (await this.deps.hasProductionWorkspace())) {
      this.automaticPaused =
        'A production workspace exists: automatic updates wait for your consent. Check by hand, or give consent.';
      this.deps.onStatus?.(this.status());
      return;
    }
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

  /** Consent is asked again at each tick: a production workspace may have been added since. */
  private async automaticTick(): Promise<void> {
    if (!this.settings.productionConsent && (await this.deps.hasProductionWorkspace())) {
      this.automaticPaused =
        'A production workspace exists: automatic updates wait for your consent. Check by hand, or give consent.';
      this.deps.onStatus?.(this.status());
      return;
    }
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
    const feed = this.settings.feedUrl;
    if (this.engine === null || this.engineFeed !== feed) {
      this.engine = this.deps.createEngine!(feed);
      this.engineFeed = feed;
    }
    const engine = this.engine;
    this.set({ state: 'checking', message: null });
    try {
      const found = await engine.check();
      const lastCheckedAt = (this.deps.now?.() ?? new Date()).toISOString();
      if (!found.available) return this.set({ state: 'up-to-date', availableVersion: null, lastCheckedAt });
      this.set({ state: 'downloading', availableVersion: found.version, lastCheckedAt });
      await engine.download();
      this.deps.log.info('updater', `version ${found.version} downloaded; it installs on restart`);
      this.set({ state: 'ready' });
    } catch (error) {
      if (error instanceof UpdaterInactiveError)
        return this.set({ state: 'unsupported', message: error.message });
      this.deps.log.warn('updater', 'update check failed', error);
      const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : 'unknown error';
      this.set({ state: 'error', message: `The update check failed: ${reason}` });
    }
  }
}
