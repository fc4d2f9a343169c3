/**
 * One small JSON file per workspace, `<dataDir>/<folder>/<workspace id>.json`, replaced atomically
 * (../workspaces/atomic-write.ts: a crash leaves the old file or the new one), checked with a zod
 * schema on every read. A damaged or hand-edited file is answered as a clear `io` error naming the
 * file and what is wrong, never thrown and never silently emptied; a write replaces it. Writes run
 * one after another, so the last call's content is the one on disk.
 *
 * Stored shape: `{ "version": 1, "workspaceId": <id>, ...content }`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result';
import { writeFileAtomic } from './atomic-write';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Deletes a removed workspace's file in `folder` (none there is fine): a workspace's price sheet
 * or asset table must not outlive it. Answers whether it could; the caller reports a failure.
 */
export async function removeWorkspaceJson(
  dataDir: string,
  folder: string,
  workspaceId: string,
): Promise<Result<null>> {
  const path = join(dataDir, folder, workspaceFileName(workspaceId));
  try {
    await rm(path, { force: true });
    return ok(null);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return fail(
      'io',
      `The removed workspace's file ${path} could not be deleted (${code}); delete it by hand.`,
    );
  }
}

/** The file name for a workspace: its id where that is a safe name (a UUID), else a hash of it. */
export function workspaceFileName(workspaceId: string): string {
  const base = SAFE_NAME.test(workspaceId)
    ? workspaceId
    : `id-${createHash('sha256').update(workspaceId).digest('hex').slice(0, 32)}`;
  return `${base}.json`;
}

/** The first problem zod found, as "assets.3.name: must not be empty". */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'it does not have the expected shape';
  const where = issue.path.map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

export interface WorkspaceJsonFileOptions<C> {
  dataDir: string;
  folder: string;
  /** The content's fields (besides version and workspaceId). */
  content: z.ZodType<C>;
  /** What the file holds, for messages: "the exchange asset table". */
  what: string;
  /** How the operator replaces a damaged file: "Save or import a table to replace it." */
  replaceHint: string;
}

/** What a store's file holds, the same for every data folder: the options without `dataDir`. */
export type WorkspaceJsonFileSpec<C> = Omit<WorkspaceJsonFileOptions<C>, 'dataDir'>;

const envelope = z.looseObject({ version: z.literal(1), workspaceId: z.string() });

export class WorkspaceJsonFile<C extends object> {
  private readonly dir: string;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: WorkspaceJsonFileOptions<C>) {
    this.dir = join(options.dataDir, options.folder);
  }

  pathOf(workspaceId: string): string {
    return join(this.dir, workspaceFileName(workspaceId));
  }

  /** The stored content, null when there is no file, or an `io` error saying what is wrong. */
  async read(workspaceId: string): Promise<Result<C | null>> {
    const path = this.pathOf(workspaceId);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return ok(null);
      return fail(
        'io',
        `The file of ${this.options.what} (${path}) could not be read (${code ?? String(error)}).`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return this.damaged(path, 'it is not JSON');
    }
    const head = envelope.safeParse(json);
    if (!head.success) return this.damaged(path, firstIssue(head.error));
    const { version: _version, workspaceId: owner, ...rest } = head.data;
    if (owner !== workspaceId) return this.damaged(path, `it belongs to workspace ${owner.slice(0, 100)}`);
    const content = this.options.content.safeParse(rest);
    return content.success ? ok(content.data) : this.damaged(path, firstIssue(content.error));
  }

  /** Replaces the workspace's file; an error says nothing was saved. */
  write(workspaceId: string, content: C): Promise<Result<null>> {
    const body = { version: 1, workspaceId, ...content };
    const run = this.writing
      .then(async () => {
        await mkdir(this.dir, { recursive: true, mode: 0o700 });
        await writeFileAtomic(this.pathOf(workspaceId), `${JSON.stringify(body, null, 1)}\n`);
        return ok(null);
      })
      .catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        return fail(
          'io',
          `${capitalised(this.options.what)} could not be saved (${code}); nothing was changed.`,
        );
      });
    this.writing = run;
    return run;
  }

  private damaged(path: string, why: string): Result<never> {
    return fail(
      'io',
      `The file of ${this.options.what} (${path}) is damaged (${why}). ${this.options.replaceHint}`,
    );
  }
}

/**
 * A store kept as one WorkspaceJsonFile per workspace (the price sheet, the exchange asset table):
 * it holds the file, built from the data folder and the store's spec, and answers its path.
 */
export abstract class WorkspaceJsonStore<C extends object> {
  protected readonly file: WorkspaceJsonFile<C>;

  protected constructor(dataDir: string, spec: WorkspaceJsonFileSpec<C>) {
    this.file = new WorkspaceJsonFile({ dataDir, ...spec });
  }

  /** The workspace's file (named in messages and read by tests). */
  pathOf(workspaceId: string): string {
    return this.file.pathOf(workspaceId);
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
