/**
 * The reference price sheets (issue 28): what `prices.*` does, over the store (price-store.ts).
 *
 * The built-in sandbox workspace, until the operator sets its rows, shows the embedded sandbox's
 * own prices (`GET /sandbox/prices`, read at each `get`, so a moved price shows at once), quoted in
 * USD as of the read. Any other workspace starts with no rows: the platform has no price endpoint.
 */
import {
  DEFAULT_QUOTE,
  DEFAULT_STALE_AFTER_MINUTES,
  MAX_PRICE_ROWS,
  priceRowSchema,
  readPriceCsv,
  type PriceImport,
  type PriceRow,
  type PriceSheet,
} from '../../shared/price-sheet';
import { ok, type Result } from '../../shared/result';
import type { PriceStore, StoredSheet } from './price-store';

export const SANDBOX_PRICE_SOURCE = 'Local sandbox prices';

export interface PriceServiceDeps {
  store: PriceStore;
  /** Whether the workspace exists, and whether it is the built-in sandbox one. */
  workspace: (workspaceId: string) => Result<{ builtIn: boolean }>;
  /** The embedded sandbox's USD prices per currency. */
  sandboxPrices: () => Promise<Result<Record<string, string>>>;
  now?: () => Date;
}

const noSheet = (): StoredSheet => ({
  rows: null,
  staleAfterMinutes: DEFAULT_STALE_AFTER_MINUTES,
  updatedAt: null,
});

export class PriceService {
  private readonly now: () => Date;

  constructor(private readonly deps: PriceServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async get(workspaceId: string): Promise<Result<PriceSheet>> {
    const workspace = this.deps.workspace(workspaceId);
    if (!workspace.ok) return workspace;
    const stored = await this.deps.store.read(workspaceId);
    if (!stored.ok) return stored;
    const sheet = stored.value ?? noSheet();
    if (sheet.rows === null && workspace.value.builtIn) return this.fromSandbox(sheet);
    return ok({ ...sheet, rows: sheet.rows ?? [], origin: 'operator' });
  }

  /** Replaces the rows (checked by the contract's schema); the staleness setting is kept. */
  async set(workspaceId: string, rows: PriceRow[]): Promise<Result<PriceSheet>> {
    const updatedAt = this.now().toISOString();
    return this.change(workspaceId, 'rows', (sheet) => ({ ...sheet, rows, updatedAt }));
  }

  /** Reads the CSV: any line error leaves the sheet as it was and answers every error. */
  async importCsv(workspaceId: string, text: string): Promise<Result<PriceImport>> {
    const read = readPriceCsv(text);
    if (!read.ok) {
      const workspace = this.deps.workspace(workspaceId);
      if (!workspace.ok) return workspace;
      return ok({ imported: false, errors: read.errors, more: read.more });
    }
    const sheet = await this.set(workspaceId, read.rows);
    return sheet.ok ? ok({ imported: true, sheet: sheet.value }) : sheet;
  }

  async clear(workspaceId: string): Promise<Result<PriceSheet>> {
    return this.change(workspaceId, 'rows', (sheet) => ({ ...sheet, rows: null, updatedAt: null }));
  }

  async setStaleAfter(workspaceId: string, minutes: number): Promise<Result<PriceSheet>> {
    return this.change(workspaceId, 'setting', (sheet) => ({ ...sheet, staleAfterMinutes: minutes }));
  }

  /**
   * Reads, changes and writes the workspace's sheet. A damaged file is replaced by a change of the
   * rows (the default staleness setting then applies); a staleness change answers the damage
   * instead, so that the file stays for the operator to look at.
   */
  private async change(
    workspaceId: string,
    what: 'rows' | 'setting',
    edit: (sheet: StoredSheet) => StoredSheet,
  ): Promise<Result<PriceSheet>> {
    const workspace = this.deps.workspace(workspaceId);
    if (!workspace.ok) return workspace;
    const stored = await this.deps.store.read(workspaceId);
    if (!stored.ok && what === 'setting') return stored;
    const next = edit(stored.ok ? (stored.value ?? noSheet()) : noSheet());
    const written = await this.deps.store.write(workspaceId, next);
    if (!written.ok) return written;
    return this.get(workspaceId);
  }

  private async fromSandbox(sheet: StoredSheet): Promise<Result<PriceSheet>> {
    const prices = await this.deps.sandboxPrices();
    if (!prices.ok) return prices;
    const asOf = this.now().toISOString();
    const rows = Object.entries(prices.value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, price]) => ({
        currency,
        price,
        quote: DEFAULT_QUOTE,
        asOf,
        source: SANDBOX_PRICE_SOURCE,
      }))
      // The sandbox is a second opinion: a price it answers that breaks the sheet's rules is left out.
      .filter((row) => priceRowSchema.safeParse(row).success)
      .slice(0, MAX_PRICE_ROWS);
    return ok({ rows, staleAfterMinutes: sheet.staleAfterMinutes, updatedAt: null, origin: 'sandbox' });
  }
}
