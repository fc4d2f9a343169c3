/**
 * Main-side preferences that must survive a restart (the renderer's screen state lives in the
 * workspace's uiState instead): the webhook notification choices, app-wide and per workspace, and
 * the operator name the journal records (app-wide only).
 *
 * Stored shape, `<dataDir>/preferences.json`, replaced atomically on every change:
 *   { "version": 1, "app": Prefs & { "operatorName"?: string }, "workspaces": { "<workspaceId>": Prefs } }
 * A file that cannot be read is renamed to `preferences.json.<time>.bad` with a log line and the
 * defaults apply: losing a preference must never stop the app from starting. A stored operator name
 * that breaks the rule (a hand edit) is dropped alone: the default applies, the rest is kept.
 */
import { readFile, rename } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { webhookEventName } from '../../shared/contract-webhooks';
import { operatorNameProblem, operatorNameSchema, type OperatorNameView } from '../../shared/operator-name';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../workspaces/atomic-write';

const prefsSchema = z.object({
  webhookNotifications: z.array(webhookEventName).max(50).optional(),
});
export type Prefs = z.infer<typeof prefsSchema>;

const appPrefsSchema = prefsSchema.extend({
  operatorName: operatorNameSchema.optional().catch(undefined),
});

const fileSchema = z.object({
  version: z.literal(1),
  app: appPrefsSchema,
  workspaces: z.record(z.string().max(200), prefsSchema),
});
type PrefsFile = z.infer<typeof fileSchema>;

/** 'app' for app-wide choices, or a workspace id. */
export type PrefsScope = 'app' | { workspaceId: string };

/** What the journal records when no account name can be read. */
export const UNKNOWN_OPERATOR = 'unknown operator';

/**
 * This machine's account name, the operator name's default: `os.userInfo()` throws where the user
 * has no passwd entry (some containers), then the environment's login name is used, and failing
 * that a fixed text. A name that breaks the operator-name rule is not used either.
 */
export function osAccountName(read: () => string = () => userInfo().username): string {
  const candidates: (() => string | undefined)[] = [
    read,
    () => process.env['USER'],
    () => process.env['LOGNAME'],
    () => process.env['USERNAME'],
  ];
  for (const candidate of candidates) {
    let name: string | undefined;
    try {
      name = candidate();
    } catch {
      continue;
    }
    if (typeof name === 'string' && operatorNameProblem(name) === null) return name.trim();
  }
  return UNKNOWN_OPERATOR;
}

export interface PreferencesOptions {
  dataDir: string;
  log?: Logger;
  /** The OS account name (tests); `os.userInfo().username` by default. */
  accountName?: () => string;
}

export class PreferencesStore {
  private writing: Promise<unknown> = Promise.resolve();
  /** Read once: the account does not change while the app runs. */
  private readonly account: string;

  private constructor(
    private readonly path: string,
    private data: PrefsFile,
    accountName: (() => string) | undefined,
  ) {
    this.account = osAccountName(accountName);
  }

  static async open(options: PreferencesOptions): Promise<PreferencesStore> {
    const path = join(options.dataDir, 'preferences.json');
    const empty: PrefsFile = { version: 1, app: {}, workspaces: {} };
    const store = (data: PrefsFile) => new PreferencesStore(path, data, options.accountName);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return store(empty);
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
      return store(empty);
    }
    return store(parsed);
  }

  /** The notification choices of a scope (the operator name has its own accessors below). */
  get(scope: PrefsScope): Prefs {
    const prefs = scope === 'app' ? this.data.app : this.data.workspaces[scope.workspaceId];
    const { webhookNotifications } = prefs ?? {};
    return structuredClone(webhookNotifications !== undefined ? { webhookNotifications } : {});
  }

  /** Resolves once the change is on disk; changes are written one after another. */
  update(scope: PrefsScope, patch: Prefs): Promise<void> {
    const checked = prefsSchema.parse(patch);
    const next = structuredClone(this.data);
    if (scope === 'app') next.app = { ...next.app, ...checked };
    else next.workspaces[scope.workspaceId] = { ...next.workspaces[scope.workspaceId], ...checked };
    return this.save(next);
  }

  /** The operator name set in preferences, or null when the default (the OS account name) applies. */
  operatorName(): string | null {
    return this.data.app.operatorName ?? null;
  }

  /** Sets the operator name (checked and trimmed; throws a ZodError when it breaks the rule), or clears it with null. */
  setOperatorName(name: string | null): Promise<void> {
    const next = structuredClone(this.data);
    if (name === null) delete next.app.operatorName;
    else next.app.operatorName = operatorNameSchema.parse(name);
    return this.save(next);
  }

  /** The name the journal records as who acted: the operator name set, else the OS account name. */
  effectiveOperator(): string {
    return this.operatorName() ?? this.account;
  }

  /** What the settings field shows. */
  operatorNameView(): OperatorNameView {
    return { name: this.operatorName(), accountName: this.account, effective: this.effectiveOperator() };
  }

  /** Forgets a removed workspace's preferences. */
  forget(workspaceId: string): Promise<void> {
    if (!(workspaceId in this.data.workspaces)) return Promise.resolve();
    const next = structuredClone(this.data);
    delete next.workspaces[workspaceId];
    return this.save(next);
  }

  /** The change is in memory at once (the getters are synchronous) and on disk when this resolves. */
  private save(next: PrefsFile): Promise<void> {
    this.data = next;
    const snapshot = JSON.stringify(next, null, 2) + '\n';
    const run = this.writing.then(() => writeFileAtomic(this.path, snapshot));
    this.writing = run.catch(() => undefined);
    return run;
  }
}
