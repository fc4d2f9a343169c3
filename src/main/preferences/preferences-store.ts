/**
 * Main-side preferences that must survive a restart (the renderer's screen state lives in the
 * workspace's uiState instead): the webhook notification choices, app-wide and per workspace.
 *
 * Stored shape, `<dataDir>/preferences.json`, replaced atomically on every change:
 *   { "version": 1, "app": Prefs, "workspaces": { "<workspaceId>": Prefs } }
 * A file that cannot be read is renamed to `preferences.json.<time>.bad` with a log line and the
 * defaults apply: losing a preference must never stop the app from starting.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { webhookEventName } from '../../shared/contract-webhooks';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../workspaces/atomic-write';

const prefsSchema = z.object({
  webhookNotifications: z.array(webhookEventName).max(50).optional(),
});
export type Prefs = z.infer<typeof prefsSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  app: prefsSchema,
  workspaces: z.record(z.string().max(200), prefsSchema),
});
type PrefsFile = z.infer<typeof fileSchema>;

/** 'app' for app-wide choices, or a workspace id. */
export type PrefsScope = 'app' | { workspaceId: string };

export class PreferencesStore {
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private data: PrefsFile,
  ) {}

  static async open(options: { dataDir: string; log?: Logger }): Promise<PreferencesStore> {
    const path = join(options.dataDir, 'preferences.json');
    const empty: PrefsFile = { version: 1, app: {}, workspaces: {} };
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new PreferencesStore(path, empty);
      throw error;
    }
    let parsed: PrefsFile | null = null;
    try {
      const result = fileSchema.safeParse(JSON.parse(text));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
    if (parsed === null) {
      const aside = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.bad`;
      await rename(path, aside);
      options.log?.warn('preferences', `unreadable preferences set aside in ${aside}; defaults apply`);
      return new PreferencesStore(path, empty);
    }
    return new PreferencesStore(path, parsed);
  }

  get(scope: PrefsScope): Prefs {
    const prefs = scope === 'app' ? this.data.app : this.data.workspaces[scope.workspaceId];
    return structuredClone(prefs ?? {});
  }

  /** Resolves once the change is on disk; changes are written one after another. */
  update(scope: PrefsScope, patch: Prefs): Promise<void> {
    const checked = prefsSchema.parse(patch);
    const next = structuredClone(this.data);
    if (scope === 'app') next.app = { ...next.app, ...checked };
    else next.workspaces[scope.workspaceId] = { ...next.workspaces[scope.workspaceId], ...checked };
    this.data = next;
    const snapshot = JSON.stringify(next, null, 2) + '\n';
    const run = this.writing.then(() => writeFileAtomic(this.path, snapshot));
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** Forgets a removed workspace's preferences. */
  forget(workspaceId: string): Promise<void> {
    if (!(workspaceId in this.data.workspaces)) return Promise.resolve();
    const next = structuredClone(this.data);
    delete next.workspaces[workspaceId];
    this.data = next;
    const snapshot = JSON.stringify(next, null, 2) + '\n';
    const run = this.writing.then(() => writeFileAtomic(this.path, snapshot));
    this.writing = run.catch(() => undefined);
    return run;
  }
}
