/**
 * The reference price sheet's server state (src/renderer/src/state/prices/queries.ts): every
 * change puts the main side's answer into the sheet's cache entry, so each tab valuing at the
 * prices follows at once; a CSV with line errors changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { fail } from '@shared/result';
import {
  clearPrices,
  importPriceCsv,
  priceSheetQuery,
  savePriceRows,
  setPricesStaleAfter,
} from '../../../../../src/renderer/src/state/prices/queries';
import { SAMPLE_SHEET } from '../../../../support/fixtures/price-sheet';
import { useQueryFixture } from '../../../../support/fixtures/query-client';

const q = useQueryFixture();
const key = priceSheetQuery('a').queryKey;
const EMPTY = { ...SAMPLE_SHEET, rows: [] };

describe('price sheet calls', () => {
  it('read the sheet of the workspace asked for', async () => {
    q.copper.answerWith('prices.get', SAMPLE_SHEET);
    expect(await q.client.fetchQuery(priceSheetQuery('a'))).toEqual(SAMPLE_SHEET);
    expect(q.copper.of('prices.get').map((c) => c.input)).toEqual([{ workspaceId: 'a' }]);
  });

  it.each([
    ['savePriceRows', () => savePriceRows('a', SAMPLE_SHEET.rows, q.client), 'prices.set'],
    ['clearPrices', () => clearPrices('a', q.client), 'prices.clear'],
    ['setPricesStaleAfter', () => setPricesStaleAfter('a', 60, q.client), 'prices.setStaleAfter'],
  ] as const)('%s puts the answer in the cache, and a refusal leaves it', async (_name, run, call) => {
    q.client.setQueryData(key, EMPTY);
    q.copper.respond(call, () => fail('io', 'disk full'));
    expect((await run()).ok).toBe(false);
    expect(q.client.getQueryData(key)).toEqual(EMPTY);
    q.copper.answerWith(call, SAMPLE_SHEET);
    expect((await run()).ok).toBe(true);
    expect(q.client.getQueryData(key)).toEqual(SAMPLE_SHEET);
  });

  it('importPriceCsv keeps the cache on line errors and takes the sheet once imported', async () => {
    q.client.setQueryData(key, EMPTY);
    q.copper.answerWith('prices.importCsv', {
      imported: false,
      errors: [{ line: 2, message: 'x' }],
      more: 0,
    });
    expect(await importPriceCsv('a', 'csv', q.client)).toMatchObject({
      ok: true,
      value: { imported: false },
    });
    expect(q.client.getQueryData(key)).toEqual(EMPTY);
    q.copper.answerWith('prices.importCsv', { imported: true, sheet: SAMPLE_SHEET });
    await importPriceCsv('a', 'csv', q.client);
    expect(q.client.getQueryData(key)).toEqual(SAMPLE_SHEET);
    expect(q.copper.of('prices.importCsv')[0]?.input).toEqual({ workspaceId: 'a', text: 'csv' });
  });
});
