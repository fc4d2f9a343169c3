/**
 * The page sizes each workspace's platform serves, learned by the walks (page-size-negotiation.ts) and kept
 * in `<dataDir>/page-sizes/<workspace id>.json` through the shared per-workspace JSON file
 * (replaced atomically, checked on every read, a damaged file reported and never silently
 * emptied). Stored content: `{ "sizes": LearnedPageSize[] }`, one entry per list at most.
 *
 * The walks ask `known` synchronously once `load` has read the file; a write that fails is
 * reported to `warn` and the walk goes on (the size is then learned again next time).
 */
import { z } from 'zod';
import {
  NEGOTIATED_OPERATIONS,
  PAGE_LIMITS,
  type LearnedPageSize,
  type NegotiatedOperation,
} from '../../shared/platform/page-limits';
import { ok, type Result } from '../../shared/result';
import { WorkspaceJsonStore, type WorkspaceJsonFileSpec } from '../workspaces/workspace-json-file';

export const PAGE_SIZES_DIR = 'page-sizes';

const entrySchema = z
  .strictObject({
    operation: z.enum(NEGOTIATED_OPERATIONS),
    size: z.number().int().min(1),
    verdict: z.enum(['served', 'capped', 'refused']),
    asked: z.number().int().min(1),
    learnedAt: z.string().max(40),
  })
  .refine((e) => e.size <= PAGE_LIMITS[e.operation].max, {
    message: 'size: larger than the contract allows for that list',
  });
const contentSchema = z.object({ sizes: z.array(entrySchema).max(NEGOTIATED_OPERATIONS.length) });
type StoredSizes = z.infer<typeof contentSchema>;

const FILE: WorkspaceJsonFileSpec<StoredSizes> = {
  folder: PAGE_SIZES_DIR,
  content: contentSchema,
  what: 'the learned page sizes',
  replaceHint: 'Reset the page sizes in the workspace settings to replace it.',
};

/** What a walk reads and tells (the store, or a stand-in in tests). */
export interface PageSizeMemory {
  /** Reads the workspace's file once; later calls answer from memory. */
  load(workspaceId: string): Promise<void>;
  known(workspaceId: string, operation: NegotiatedOperation): LearnedPageSize | undefined;
  learn(workspaceId: string, entry: LearnedPageSize): void;
}

export class PageSizeStore extends WorkspaceJsonStore<StoredSizes> implements PageSizeMemory {
  private readonly cache = new Map<string, LearnedPageSize[]>();

  constructor(
    dataDir: string,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    super(dataDir, FILE);
  }

  /** The learned sizes in the settings' order, or an `io` error saying what is wrong with the file. */
  async list(workspaceId: string): Promise<Result<LearnedPageSize[]>> {
    const cached = this.cache.get(workspaceId);
    if (cached !== undefined) return ok(ordered(cached));
    const read = await this.file.read(workspaceId);
    if (!read.ok) return read;
    const sizes = read.value?.sizes ?? [];
    this.cache.set(workspaceId, sizes);
    return ok(ordered(sizes));
  }

  async load(workspaceId: string): Promise<void> {
    if (this.cache.has(workspaceId)) return;
    const read = await this.list(workspaceId);
    if (!read.ok) {
      // A damaged file: the walks negotiate afresh (nothing is lost but a request) and say why.
      this.warn(read.error.message);
      this.cache.set(workspaceId, []);
    }
  }

  known(workspaceId: string, operation: NegotiatedOperation): LearnedPageSize | undefined {
    return this.cache.get(workspaceId)?.find((e) => e.operation === operation);
  }

  learn(workspaceId: string, entry: LearnedPageSize): void {
    const sizes = (this.cache.get(workspaceId) ?? []).filter((e) => e.operation !== entry.operation);
    sizes.push(entry);
    this.cache.set(workspaceId, sizes);
    void this.file.write(workspaceId, { sizes }).then((written) => {
      if (!written.ok) this.warn(written.error.message);
    });
  }

  /** Forgets what was learned (every list, or one): the next walk asks for the largest page again. */
  async reset(workspaceId: string, operation?: NegotiatedOperation): Promise<Result<LearnedPageSize[]>> {
    const current = await this.list(workspaceId);
    const sizes =
      operation === undefined || !current.ok ? [] : current.value.filter((e) => e.operation !== operation);
    const written = await this.file.write(workspaceId, { sizes });
    if (!written.ok) return written;
    this.cache.set(workspaceId, sizes);
    return ok(ordered(sizes));
  }

  /** A removed workspace's entry in memory (its file goes with create-app's removal). */
  forget(workspaceId: string): void {
    this.cache.delete(workspaceId);
  }
}

function ordered(sizes: readonly LearnedPageSize[]): LearnedPageSize[] {
  return NEGOTIATED_OPERATIONS.flatMap((op) => sizes.filter((e) => e.operation === op)).map((e) => ({
    ...e,
  }));
}
