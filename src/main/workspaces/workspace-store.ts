/**
 * The operator's workspaces, persisted in `workspaces.json` (shape documented in workspace-file.ts).
 *
 * Memory holds the current state; every change is computed on a copy, written atomically, and only
 * then becomes current, so a failed write changes nothing. Changes run one at a time so two calls
 * can never interleave their writes. Errors come back as values with the contract's codes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Environment } from '../../shared/platform/enums';
import type { JsonObject } from '../../shared/platform/resources';
import { fail, ok, type Result } from '../../shared/result';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import { resolveBaseUrl } from './base-url';
import { BUILT_IN_SANDBOX_NAME } from '../../shared/workspace-rules';
import { checkWorkspaceName } from '../../shared/workspace-names';
import {
  baseUrlProblem,
  emptyWorkspacesFile,
  fileStamp,
  parseWorkspacesFile,
  WORKSPACES_FILE,
  workspaceRecordSchema,
  type WorkspaceRecord,
  type WorkspacesFile,
} from './workspace-file';

export type { WorkspaceRecord } from './workspace-file';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface WorkspaceStoreDeps {
  dataDir: string;
  now?: () => Date;
  logger?: Logger;
}

export interface RecoveryNotice {
  setAsidePath: string;
  reason: string;
}

/** What `list()` gives the router; it adds `keyConfigured` per workspace to make a WorkspaceList. */
export interface WorkspaceListData {
  workspaces: WorkspaceRecord[];
  activeId: string | null;
  recoveredFrom?: RecoveryNotice;
}

export interface CreateWorkspaceInput {
  name: string;
  environment: Environment;
  organizationId: string;
  /** Empty or absent: the environment's default. */
  baseUrl?: string;
  defaultPortfolioId?: string;
}

export interface UpdateWorkspacePatch {
  name?: string;
  organizationId?: string;
  /** Empty string: back to the environment's default. */
  baseUrl?: string;
  /** null clears it. */
  defaultPortfolioId?: string | null;
}

export { BUILT_IN_SANDBOX_NAME };

const clone = <T>(value: T): T => structuredClone(value);

export class WorkspaceStore {
  private state: WorkspacesFile;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly now: () => Date,
    private readonly log: Logger,
    initial: WorkspacesFile,
    private readonly recovery: RecoveryNotice | undefined,
    /** Set when the file exists but could not be read: writing would destroy it, so writes refuse. */
    private readonly readError: string | undefined,
  ) {
    this.state = initial;
  }

  /** Loads the store. Never throws: a corrupt file is set aside and the store starts empty. */
  static async open(deps: WorkspaceStoreDeps): Promise<WorkspaceStore> {
    const now = deps.now ?? (() => new Date());
    const log = deps.logger ?? console;
    const path = join(deps.dataDir, WORKSPACES_FILE);
    await mkdir(deps.dataDir, { recursive: true, mode: 0o700 });
    const stale = await removeStaleTempFiles(path);
    if (stale.length > 0)
      log.warn(`removed ${stale.length} unfinished temp file(s) from an interrupted write`);

    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT')
        return new WorkspaceStore(path, now, log, emptyWorkspacesFile(), undefined, undefined);
      const reason = `could not read ${path}: ${error instanceof Error ? error.message : String(error)}`;
      log.error(`${reason}; changes will not be saved`);
      return new WorkspaceStore(path, now, log, emptyWorkspacesFile(), undefined, reason);
    }

    const parsed = parseWorkspacesFile(text);
    if (parsed.ok) return new WorkspaceStore(path, now, log, parsed.file, undefined, undefined);

    const setAsidePath = await WorkspaceStore.setAside(path, now());
    if (setAsidePath === null) {
      const reason = `${path} is ${parsed.reason} and could not be moved aside`;
      log.error(`${reason}; changes will not be saved`);
      return new WorkspaceStore(path, now, log, emptyWorkspacesFile(), undefined, reason);
    }
    log.warn(`${path} is ${parsed.reason}; moved it to ${setAsidePath} and started empty`);
    return new WorkspaceStore(
      path,
      now,
      log,
      emptyWorkspacesFile(),
      { setAsidePath, reason: parsed.reason },
      undefined,
    );
  }

  /** Renames the bad file to `workspaces.corrupt-<timestamp>.json`, never over an existing one. */
  private static async setAside(path: string, when: Date): Promise<string | null> {
    const base = path.replace(/\.json$/, '');
    for (let n = 0; n < 100; n++) {
      const candidate = `${base}.corrupt-${fileStamp(when)}${n === 0 ? '' : `-${n}`}.json`;
      const taken = await stat(candidate).then(
        () => true,
        () => false,
      );
      if (taken) continue;
      try {
        await rename(path, candidate);
        return candidate;
      } catch {
        return null;
      }
    }
    return null;
  }

  /** The names a vault passphrase must not lean on: every workspace's name and organization id. */
  userInputs(): string[] {
    return this.state.workspaces.flatMap((w) => [w.name, w.organizationId]);
  }

  list(): WorkspaceListData {
    const data: WorkspaceListData = {
      workspaces: clone(this.state.workspaces),
      activeId: this.state.activeId,
    };
    if (this.recovery) data.recoveredFrom = { ...this.recovery };
    return data;
  }

  /**
   * The workspace, for anything that may sign or send with it: a workspace whose stored base URL
   * breaks the rules is refused here, so no request ever leaves for that URL.
   */
  get(id: string): Result<WorkspaceRecord> {
    const found = this.state.workspaces.find((w) => w.id === id);
    if (!found) return notFound(id);
    const problem = baseUrlProblem(found);
    return problem === null ? ok(clone(found)) : fail('bad-input', problem);
  }

  /** The workspace as stored, whatever its base URL: for showing and editing it, never for sending. */
  find(id: string): Result<WorkspaceRecord> {
    const found = this.state.workspaces.find((w) => w.id === id);
    return found ? ok(clone(found)) : notFound(id);
  }

  create(input: CreateWorkspaceInput): Promise<Result<WorkspaceRecord>> {
    return this.change((draft) => {
      const baseUrl = resolveBaseUrl(input.environment, input.baseUrl);
      if (!baseUrl.ok) return baseUrl;
      const name = checkWorkspaceName(
        input.name,
        draft.workspaces.map((w) => w.name),
      );
      if (!name.ok) return name;
      const record: WorkspaceRecord = {
        id: randomUUID(),
        name: name.value,
        environment: input.environment,
        baseUrl: baseUrl.value,
        organizationId: input.organizationId.trim(),
        builtIn: false,
        uiState: {},
        createdAt: this.now().toISOString(),
      };
      if (input.defaultPortfolioId) record.defaultPortfolioId = input.defaultPortfolioId.trim();
      const invalid = checkRecord(record);
      if (invalid) return invalid;
      draft.workspaces.push(record);
      if (draft.activeId === null) draft.activeId = record.id;
      return ok(clone(record));
    });
  }

  update(id: string, patch: UpdateWorkspacePatch): Promise<Result<WorkspaceRecord>> {
    return this.change((draft) => {
      const record = draft.workspaces.find((w) => w.id === id);
      if (!record) return notFound(id);
      if (record.builtIn && (patch.baseUrl !== undefined || patch.organizationId !== undefined)) {
        return fail(
          'bad-input',
          'The Local sandbox workspace gets its base URL and organization from the app at each start; change only its name or default portfolio.',
        );
      }
      if (patch.name !== undefined) {
        const others = draft.workspaces.filter((w) => w.id !== id).map((w) => w.name);
        const name = checkWorkspaceName(patch.name, others, { builtIn: record.builtIn });
        if (!name.ok) return name;
        record.name = name.value;
      }
      if (patch.organizationId !== undefined) record.organizationId = patch.organizationId.trim();
      if (patch.baseUrl !== undefined) {
        const baseUrl = resolveBaseUrl(record.environment, patch.baseUrl);
        if (!baseUrl.ok) return baseUrl;
        record.baseUrl = baseUrl.value;
      }
      if (patch.defaultPortfolioId === null) delete record.defaultPortfolioId;
      else if (patch.defaultPortfolioId !== undefined)
        record.defaultPortfolioId = patch.defaultPortfolioId.trim();
      const invalid = checkRecord(record);
      if (invalid) return invalid;
      return ok(clone(record));
    });
  }

  /**
   * Removes a workspace. The caller must then delete its key from the KeyService (`removedId`).
   * When the active one goes, the built-in sandbox becomes active rather than some other real
   * workspace, so the operator is never silently moved onto production.
   */
  remove(id: string): Promise<Result<{ removedId: string; list: WorkspaceListData }>> {
    return this.change((draft) => {
      const index = draft.workspaces.findIndex((w) => w.id === id);
      const record = draft.workspaces[index];
      if (!record) return notFound(id);
      if (record.builtIn) {
        return fail(
          'bad-input',
          'The Local sandbox workspace is built in and cannot be removed; the app recreates it at each start.',
        );
      }
      draft.workspaces.splice(index, 1);
      if (draft.activeId === id) draft.activeId = draft.workspaces.find((w) => w.builtIn)?.id ?? null;
      return ok(id);
    }).then((r) => (r.ok ? ok({ removedId: r.value, list: this.list() }) : r));
  }

  activate(id: string): Promise<Result<WorkspaceListData>> {
    return this.change((draft) => {
      if (!draft.workspaces.some((w) => w.id === id)) return notFound(id);
      draft.activeId = id;
      return ok(null);
    }).then((r) => (r.ok ? ok(this.list()) : r));
  }

  /** Replaces the renderer's remembered state for a workspace (size is capped by the contract). */
  saveUiState(id: string, uiState: JsonObject): Promise<Result<null>> {
    return this.change((draft) => {
      const record = draft.workspaces.find((w) => w.id === id);
      if (!record) return notFound(id);
      let copy: JsonObject;
      try {
        // A JSON round trip both copies and drops what JSON cannot hold (functions, undefined).
        copy = JSON.parse(JSON.stringify(uiState)) as JsonObject;
      } catch {
        return fail('bad-input', 'uiState must be plain JSON data.');
      }
      record.uiState = copy;
      return ok(null);
    });
  }

  /**
   * Makes sure the built-in "Local sandbox" workspace exists and points at this start's in-process
   * sandbox (its port changes every start). On first run, with nothing active, it becomes active.
   */
  ensureBuiltInSandbox(target: {
    baseUrl: string;
    organizationId: string;
  }): Promise<Result<WorkspaceRecord>> {
    return this.change((draft) => {
      const baseUrl = resolveBaseUrl('sandbox', target.baseUrl);
      if (!baseUrl.ok) return baseUrl;
      let record = draft.workspaces.find((w) => w.builtIn);
      if (!record) {
        record = {
          id: randomUUID(),
          name: BUILT_IN_SANDBOX_NAME,
          environment: 'sandbox',
          baseUrl: baseUrl.value,
          organizationId: target.organizationId.trim(),
          builtIn: true,
          uiState: {},
          createdAt: this.now().toISOString(),
        };
        draft.workspaces.unshift(record);
      } else {
        record.baseUrl = baseUrl.value;
        record.organizationId = target.organizationId.trim();
      }
      if (draft.activeId === null) draft.activeId = record.id;
      const invalid = checkRecord(record);
      if (invalid) return invalid;
      return ok(clone(record));
    });
  }

  /**
   * Runs one change: `mutate` edits a copy of the state and returns the result; when it succeeds
   * and the copy differs, the copy is written and becomes the state. Changes are queued.
   */
  private change<T>(mutate: (draft: WorkspacesFile) => Result<T>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      const draft = clone(this.state);
      const result = mutate(draft);
      if (!result.ok) return result;
      const text = `${JSON.stringify(draft, null, 2)}\n`;
      if (text === `${JSON.stringify(this.state, null, 2)}\n`) return result;
      if (this.readError) {
        return fail('io', `Workspaces cannot be saved: ${this.readError}. Fix the file and restart the app.`);
      }
      try {
        await writeFileAtomic(this.path, text, { mode: 0o600 });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log.error(`could not save ${this.path}: ${message}`);
        return fail('io', `Could not save workspaces to ${this.path}: ${message}`);
      }
      this.state = draft;
      return result;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function notFound(id: string): { ok: false; error: { code: 'workspace-not-found'; message: string } } {
  return { ok: false, error: { code: 'workspace-not-found', message: `No workspace with id "${id}".` } };
}

/** Runs the on-disk schema over a record about to be saved, so the store never writes what it would refuse to read. */
function checkRecord(record: WorkspaceRecord): Result<never> | null {
  const problem = baseUrlProblem(record);
  if (problem !== null) return fail('bad-input', problem);
  const parsed = workspaceRecordSchema.safeParse(record);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'workspace'}: ${i.message}`);
  return fail('bad-input', `Workspace is invalid: ${issues.join('; ')}.`);
}
