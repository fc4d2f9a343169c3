/**
 * Each workspace's reference price sheet on disk (issue 28): `<dataDir>/prices/<workspace id>.json`,
 * one small file per workspace through the shared per-workspace JSON file (replaced atomically,
 * checked on every read, a damaged file answered as a clear `io` error naming it and never
 * silently emptied; setting or clearing the sheet replaces it). The rows are checked with the
 * shared rules (shared/price-sheet.ts), so a hand edit that breaks them is reported too.
 *
 * Stored content: { "rows": PriceRow[] | null, "staleAfterMinutes", "updatedAt" }. `rows: null`
 * means the operator set no rows (the built-in sandbox workspace then shows the sandbox's prices)
 * but may have kept a staleness setting.
 */
import { z } from 'zod';
import { priceRowsSchema, staleAfterMinutesSchema } from '../../shared/price-sheet';
import { ok, type Result } from '../../shared/result';
import { WorkspaceJsonStore, type WorkspaceJsonFileSpec } from '../workspaces/workspace-json-file';

export const PRICES_DIR = 'prices';

const contentSchema = z.object({
  rows: priceRowsSchema.nullable(),
  staleAfterMinutes: staleAfterMinutesSchema,
  updatedAt: z.string().max(40).nullable(),
});
export type StoredSheet = z.infer<typeof contentSchema>;
const FILE: WorkspaceJsonFileSpec<StoredSheet> = {
  folder: PRICES_DIR,
  content: contentSchema,
  what: 'the price sheet',
  replaceHint: 'Set, import or clear the sheet to replace it.',
};

export class PriceStore extends WorkspaceJsonStore<StoredSheet> {
  /** Sheets read or written, by workspace id (null: no file). */
  private readonly cache = new Map<string, StoredSheet | null>();

  constructor(dataDir: string) {
    super(dataDir, FILE);
  }

  /** The stored sheet, null when there is none, or an `io` error saying what is wrong with the file. */
  async read(workspaceId: string): Promise<Result<StoredSheet | null>> {
    const cached = this.cache.get(workspaceId);
    if (cached !== undefined) return ok(structuredClone(cached));
    const read = await this.file.read(workspaceId);
    if (read.ok) this.cache.set(workspaceId, read.value);
    return read.ok ? ok(structuredClone(read.value)) : read;
  }

  /** Replaces the workspace's file; an error says the sheet was not saved. */
  async write(workspaceId: string, sheet: StoredSheet): Promise<Result<StoredSheet>> {
    const written = await this.file.write(workspaceId, sheet);
    if (!written.ok) return written;
    this.cache.set(workspaceId, structuredClone(sheet));
    return ok(sheet);
  }
}
