import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PriceService, SANDBOX_PRICE_SOURCE } from '../../../src/main/prices/price-service';
import { PriceStore } from '../../../src/main/prices/price-store';
import { workspaceFileName } from '../../../src/main/workspaces/workspace-json-file';
import { fail, ok, type Result } from '../../../src/shared/result';
import { useTempDir } from '../../support/temp-dir';

const dataDir = useTempDir('prices-service-');
const NOW = new Date('2026-01-31T12:00:00.000Z');
const BTC = { currency: 'BTC', price: '65000', quote: 'USD', asOf: '2026-01-31T11:00:00Z', source: 'desk' };
const CSV = 'currency,price,quote,asOf,source\nETH,3200,USD,2026-01-31T11:00:00Z,desk\n';

function service(sandboxPrices: () => Promise<Result<Record<string, string>>> = async () => ok({})) {
  const reads: number[] = [];
  const s = new PriceService({
    store: new PriceStore(dataDir()),
    workspace: (id) =>
      id === 'sandbox'
        ? ok({ builtIn: true })
        : id === 'w1'
          ? ok({ builtIn: false })
          : fail('workspace-not-found', `no ${id}`),
    sandboxPrices: () => {
      reads.push(1);
      return sandboxPrices();
    },
    now: () => NOW,
  });
  return { s, reads };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the price service', () => {
  it('starts a workspace with no rows and the default staleness of 24 h', async () => {
    expect(value(await service().s.get('w1'))).toEqual({
      rows: [],
      staleAfterMinutes: 1440,
      updatedAt: null,
      origin: 'operator',
    });
  });

  it("fills the built-in sandbox workspace from the sandbox's prices at each read, leaving out what breaks the rules", async () => {
    const { s, reads } = service(async () => ok({ SOL: '150', BTC: '65000', BAD: '-1' }));
    const sheet = value(await s.get('sandbox'));
    expect(sheet.origin).toBe('sandbox');
    expect(sheet.rows).toEqual([
      {
        currency: 'BTC',
        price: '65000',
        quote: 'USD',
        asOf: NOW.toISOString(),
        source: SANDBOX_PRICE_SOURCE,
      },
      { currency: 'SOL', price: '150', quote: 'USD', asOf: NOW.toISOString(), source: SANDBOX_PRICE_SOURCE },
    ]);
    await s.get('sandbox');
    expect(reads).toHaveLength(2);
  });

  it("answers the sandbox controls' failure for the built-in workspace", async () => {
    const { s } = service(async () => fail('network', 'down'));
    expect(await s.get('sandbox')).toEqual(fail('network', 'down'));
  });

  it('lets the operator replace the sandbox prices, and clear goes back to them, keeping the staleness setting', async () => {
    const { s } = service(async () => ok({ BTC: '1' }));
    value(await s.setStaleAfter('sandbox', 30));
    const set = value(await s.set('sandbox', [BTC]));
    expect(set).toEqual({
      rows: [BTC],
      staleAfterMinutes: 30,
      updatedAt: NOW.toISOString(),
      origin: 'operator',
    });
    const cleared = value(await s.clear('sandbox'));
    expect(cleared).toMatchObject({ origin: 'sandbox', staleAfterMinutes: 30, rows: [{ price: '1' }] });
  });

  it('imports a CSV, and a CSV with a bad line changes nothing and answers the line', async () => {
    const { s } = service();
    value(await s.set('w1', [BTC]));
    expect(value(await s.importCsv('w1', CSV.replace('3200', '0')))).toEqual({
      imported: false,
      errors: [{ line: 2, message: expect.stringMatching(/price "0" must be greater than zero/) }],
      more: 0,
    });
    expect(value(await s.get('w1')).rows).toEqual([BTC]);
    const imported = value(await s.importCsv('w1', CSV));
    expect(imported).toMatchObject({ imported: true, sheet: { rows: [{ currency: 'ETH' }] } });
    expect(
      value(await new PriceService({ ...deps(), store: new PriceStore(dataDir()) }).get('w1')).rows,
    ).toEqual([{ ...BTC, currency: 'ETH', price: '3200' }]);
  });

  it('refuses an unknown workspace for every call', async () => {
    const { s } = service();
    for (const answer of [
      await s.get('nope'),
      await s.set('nope', [BTC]),
      await s.importCsv('nope', CSV),
      await s.importCsv('nope', 'bad'),
      await s.clear('nope'),
      await s.setStaleAfter('nope', 5),
    ])
      expect(!answer.ok && answer.error.code).toBe('workspace-not-found');
  });

  it('answers a damaged file on read and on a staleness change, and replaces it when the rows are set', async () => {
    await mkdir(join(dataDir(), 'prices'));
    await writeFile(join(dataDir(), 'prices', workspaceFileName('w1')), 'not json');
    const { s } = service();
    expect(!(await s.get('w1')).ok).toBe(true);
    const stale = await s.setStaleAfter('w1', 5);
    expect(!stale.ok && stale.error.message).toMatch(/is damaged/);
    expect(value(await s.set('w1', [BTC])).rows).toEqual([BTC]);
  });
});

function deps() {
  return {
    workspace: () => ok({ builtIn: false }),
    sandboxPrices: async () => ok({}),
    now: () => NOW,
  };
}
