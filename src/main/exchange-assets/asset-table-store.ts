/**
 * Each workspace's exchange asset table (src/shared/exchange-assets.ts) on disk:
 * `<dataDir>/exchange-assets/<workspace id>.json`, through ../workspaces/workspace-json-file.ts (atomic
 * replacement; a damaged file is a clear error, never a crash). The built-in sandbox workspace,
 * until the operator saves a table, shows SANDBOX_DEFAULT_ASSETS; any other workspace starts empty:
 * the platform does not publish the exchange's asset list.
 */
import {
  SANDBOX_DEFAULT_ASSETS,
  exchangeAssetTable,
  parseAssetCsv,
  type ExchangeAsset,
  type ExchangeAssetTableView,
} from '../../shared/exchange-assets';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result';
import { WorkspaceJsonStore, type WorkspaceJsonFileSpec } from '../workspaces/workspace-json-file';

export const ASSETS_DIR = 'exchange-assets';

const storedTable = z.strictObject({
  assets: exchangeAssetTable,
  /** Epoch ms string of the save. */
  updatedAt: z.string().regex(/^\d{1,16}$/, 'must be epoch milliseconds'),
});
type StoredTable = z.infer<typeof storedTable>;
const FILE: WorkspaceJsonFileSpec<StoredTable> = {
  folder: ASSETS_DIR,
  content: storedTable,
  what: 'the exchange asset table',
  replaceHint: 'Save or import a table to replace it.',
};

export interface AssetTableStoreDeps {
  dataDir: string;
  /** Whether the workspace exists, and whether it is the built-in sandbox one. */
  workspace: (workspaceId: string) => Result<{ builtIn: boolean }>;
  now?: () => number;
}

export class AssetTableStore extends WorkspaceJsonStore<StoredTable> {
  private readonly now: () => number;

  constructor(private readonly deps: AssetTableStoreDeps) {
    super(deps.dataDir, FILE);
    this.now = deps.now ?? (() => Date.now());
  }

  async get(workspaceId: string): Promise<Result<ExchangeAssetTableView>> {
    const workspace = this.deps.workspace(workspaceId);
    if (!workspace.ok) return workspace;
    const stored = await this.file.read(workspaceId);
    if (!stored.ok) return stored;
    if (stored.value !== null)
      return ok({ assets: stored.value.assets, source: 'saved', updatedAt: stored.value.updatedAt });
    return ok(
      workspace.value.builtIn
        ? { assets: SANDBOX_DEFAULT_ASSETS.map((a) => ({ ...a })), source: 'sandbox-default' }
        : { assets: [], source: 'none' },
    );
  }

  /** Replaces the table (the contract's schema checked it; checked again here, the authority). */
  async set(workspaceId: string, assets: ExchangeAsset[]): Promise<Result<ExchangeAssetTableView>> {
    const workspace = this.deps.workspace(workspaceId);
    if (!workspace.ok) return workspace;
    const checked = exchangeAssetTable.safeParse(assets);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = ['assets', ...(issue?.path ?? []).map(String)].join('.');
      return fail('bad-input', `${field}: ${issue?.message ?? 'invalid'}`, { field });
    }
    const written = await this.file.write(workspaceId, {
      assets: checked.data,
      updatedAt: String(this.now()),
    });
    if (!written.ok) return written;
    return this.get(workspaceId);
  }

  /** Replaces the table with a CSV's; any line error leaves the table as it was and lists them all. */
  async importCsv(workspaceId: string, csv: string): Promise<Result<ExchangeAssetTableView>> {
    const workspace = this.deps.workspace(workspaceId);
    if (!workspace.ok) return workspace;
    const read = parseAssetCsv(csv);
    if (!read.ok)
      return fail(
        'bad-input',
        `The CSV was not imported; the table is unchanged. ${read.errors.slice(0, 20).join('; ')}` +
          (read.errors.length > 20 ? ` (and ${read.errors.length - 20} more)` : ''),
        { field: 'csv' },
      );
    return this.set(workspaceId, read.assets);
  }
}
