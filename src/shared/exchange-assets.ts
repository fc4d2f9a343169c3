/**
 * A workspace's exchange asset table: which Hyperliquid asset index is which name, and how many
 * decimals its sizes (and, optionally, its prices) take. The exchange names assets by index
 * (perpetuals: the index in `meta.universe`; spot: 10000 + the index in the spot list), and the
 * platform does not publish that list (platform-facts, third round), so the operator types or
 * imports it (CSV `index,name,szDecimals[,pxDecimals]`). The main side keeps it per workspace
 * (src/main/exchange-assets/); the order ticket reads names and decimals from it.
 */
import { z } from 'zod';

/** At most this many assets in a table, and this many bytes of CSV in one import. */
export const MAX_ASSETS = 2_000;
export const MAX_ASSET_CSV_BYTES = 256 * 1024;
/** Hyperliquid's szDecimals are 0 to 8 (perpetuals at most 6; spot up to 8). */
export const MAX_DECIMALS = 8;

const decimals = z
  .number('must be a whole number of decimals')
  .int('must be a whole number of decimals')
  .min(0, `must be 0 to ${MAX_DECIMALS}`)
  .max(MAX_DECIMALS, `must be 0 to ${MAX_DECIMALS}`);

export const exchangeAsset = z.strictObject({
  /** The exchange's asset index: perpetuals the universe index, spot 10000 + the spot index. */
  index: z
    .number('must be an asset index (a whole number)')
    .int('must be an asset index (a whole number)')
    .min(0, 'must be an asset index, 0 or more')
    .max(1_000_000, 'must be an asset index (perpetuals: the index, spot: 10000 + the index)'),
  /** What the operator calls it: "BTC", "ETH", "PURR/USDC". */
  name: z
    .string('must be a name')
    .trim()
    .min(1, 'must not be empty')
    .max(32, 'must be at most 32 characters')
    .regex(/^[\p{L}\p{N}/._:-]+$/u, 'must be letters, digits and / . _ : - only'),
  /** Sizes are rounded down to this many decimals by the exchange; the ticket refuses more. */
  szDecimals: decimals,
  /** Optional: the most decimals a price may have (perpetuals: 6 - szDecimals). */
  pxDecimals: decimals.optional(),
});
export type ExchangeAsset = z.infer<typeof exchangeAsset>;

/** A whole table: indexes and names (case-insensitively) are each used once. */
export const exchangeAssetTable = z
  .array(exchangeAsset)
  .max(MAX_ASSETS, `has more than ${MAX_ASSETS} assets`)
  .superRefine((assets, ctx) => {
    const byIndex = new Map<number, number>();
    const byName = new Map<string, number>();
    assets.forEach((a, i) => {
      const sameIndex = byIndex.get(a.index);
      if (sameIndex !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'index'],
          message: `index ${a.index} is already used by ${assets[sameIndex]?.name ?? 'another asset'}`,
        });
      const key = a.name.toUpperCase();
      const sameName = byName.get(key);
      if (sameName !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `name ${a.name} is already used by index ${assets[sameName]?.index ?? '?'}`,
        });
      byIndex.set(a.index, i);
      byName.set(key, i);
    });
  });

/** Where the table shown came from: saved by the operator, the sandbox's default, or none yet. */
export type AssetTableSource = 'saved' | 'sandbox-default' | 'none';

export interface ExchangeAssetTableView {
  assets: ExchangeAsset[];
  source: AssetTableSource;
  /** Epoch ms string of the last save; absent when not saved. */
  updatedAt?: string;
}

/**
 * The built-in sandbox workspace's table until the operator saves one: the sandbox takes any asset
 * index and does not check decimals (src/sandbox/schemas/exchange.ts), so these are Hyperliquid
 * mainnet's first perpetuals with their published szDecimals, a realistic start to edit.
 */
export const SANDBOX_DEFAULT_ASSETS: readonly ExchangeAsset[] = [
  { index: 0, name: 'BTC', szDecimals: 5 },
  { index: 1, name: 'ETH', szDecimals: 4 },
  { index: 5, name: 'SOL', szDecimals: 2 },
];

const CSV_HEADER = ['index', 'name', 'szdecimals'];

const wholeNumber = (text: string): number | string => (/^\d{1,7}$/.test(text) ? Number(text) : text);

/**
 * Reads a CSV of `index,name,szDecimals[,pxDecimals]`, one asset a line; a first line that is the
 * header is skipped, blank lines too. Every problem is reported with its line number; the table is
 * returned only when there is none.
 */
export function parseAssetCsv(
  text: string,
): { ok: true; assets: ExchangeAsset[] } | { ok: false; errors: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: string[] = [];
  const rows: { line: number; asset: ExchangeAsset }[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(',').map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    if (
      i === 0 &&
      cells
        .slice(0, 3)
        .map((c) => c.toLowerCase())
        .join() === CSV_HEADER.join()
    )
      return;
    if (cells.length < 3 || cells.length > 4) {
      errors.push(
        `line ${line}: expected index,name,szDecimals[,pxDecimals], found ${cells.length} field(s)`,
      );
      return;
    }
    const [index = '', name = '', sz = '', px] = cells;
    const parsed = exchangeAsset.safeParse({
      index: wholeNumber(index),
      name,
      szDecimals: wholeNumber(sz),
      ...(px !== undefined && px !== '' ? { pxDecimals: wholeNumber(px) } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(`line ${line}: ${String(issue.path[0])} ${issue.message}`);
      return;
    }
    rows.push({ line, asset: parsed.data });
  });
  if (errors.length === 0) {
    const table = exchangeAssetTable.safeParse(rows.map((r) => r.asset));
    if (!table.success)
      for (const issue of table.error.issues) {
        const at = typeof issue.path[0] === 'number' ? rows[issue.path[0]]?.line : undefined;
        errors.push(`${at === undefined ? 'table' : `line ${at}`}: ${issue.message}`);
      }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0)
    return { ok: false, errors: ['no asset found: expected lines of index,name,szDecimals'] };
  return { ok: true, assets: rows.map((r) => r.asset) };
}

/** The table as CSV, header first, for export and for editing as text. */
export function assetCsv(assets: readonly ExchangeAsset[]): string {
  const withPx = assets.some((a) => a.pxDecimals !== undefined);
  const head = withPx ? 'index,name,szDecimals,pxDecimals' : 'index,name,szDecimals';
  const body = assets.map(
    (a) => `${a.index},${a.name},${a.szDecimals}${withPx ? `,${a.pxDecimals ?? ''}` : ''}`,
  );
  return [head, ...body].join('\n') + '\n';
}

/** Digits after the point that matter: "0.500" has 1, "12" has 0. */
export function decimalPlaces(decimal: string): number {
  const frac = decimal.split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length;
}

/** Why this size does not fit the asset's size decimals, or null when it does. */
export function sizeDecimalsProblem(size: string, asset: ExchangeAsset): string | null {
  const places = decimalPlaces(size);
  return places > asset.szDecimals
    ? `${asset.name} sizes take at most ${asset.szDecimals} decimal${asset.szDecimals === 1 ? '' : 's'} ` +
        `(szDecimals ${asset.szDecimals}); ${size} has ${places}`
    : null;
}

/** Why this price does not fit the asset's price decimals, where the table gives them; else null. */
export function priceDecimalsProblem(price: string, asset: ExchangeAsset): string | null {
  if (asset.pxDecimals === undefined) return null;
  const places = decimalPlaces(price);
  return places > asset.pxDecimals
    ? `${asset.name} prices take at most ${asset.pxDecimals} decimal${asset.pxDecimals === 1 ? '' : 's'}; ${price} has ${places}`
    : null;
}
