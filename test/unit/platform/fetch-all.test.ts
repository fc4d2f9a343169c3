/**
 * The whole-list walks (src/main/platform/fetch-all.ts) against a local verifying server: page
 * size defaults, the rows of every page in order, and a refused page ending the walk with its
 * error. Found untested by unit tests by mutation testing (only integration suites reached it).
 */
import { describe, expect, it } from 'vitest';
import { listAllActivities, listAllCryptoAddresses } from '../../../src/main/platform/fetch-all';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

/** Serves `total` rows of `field`, paged by the query's offset and limit; records each query. */
function serve(total: number, listField: string | null, idField: string) {
  const queries: string[] = [];
  fx.server.setHandler((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    queries.push(`${url.pathname}${url.search}`);
    if (url.searchParams.get('offset') === 'fail') return sendJson(res, 500, { error: 'e', message: 'down' });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 0);
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      [idField]: `id-${offset + i}`,
    }));
    sendJson(res, 200, listField === null ? rows : { [listField]: rows });
  });
  return queries;
}

describe('listAllActivities', () => {
  it('asks the largest page the contract allows (10,000) by default and returns every row in order', async () => {
    const queries = serve(12_500, 'activities', 'activityId');
    const r = await listAllActivities(fx.client(), 'org-1', {});
    expect(r.ok && r.value.items.map((a) => a.activityId)).toEqual(
      Array.from({ length: 12_500 }, (_, i) => `id-${i}`),
    );
    expect(queries[0]).toBe('/platform/organizations/org-1/activities?offset=0&limit=10000');
    expect(queries[1]).toBe('/platform/organizations/org-1/activities?offset=10000&limit=10000');
  });
  it('takes a page size, and ends with the refusal of a page', async () => {
    const queries = serve(30, 'activities', 'activityId');
    const r = await listAllActivities(fx.client(), 'org-1', {}, { pageSize: 10 });
    expect(r.ok && r.value.items).toHaveLength(30);
    expect(queries.slice(0, 2)).toEqual([
      '/platform/organizations/org-1/activities?offset=0&limit=10',
      '/platform/organizations/org-1/activities?offset=10&limit=10',
    ]);
    fx.server.setHandler((_req, res) => sendJson(res, 403, { error: 'forbidden', message: 'no' }));
    const refused = await listAllActivities(fx.client(), 'org-1', {});
    expect(!refused.ok && refused.error.code).toBe('forbidden');
  });
});

describe('listAllCryptoAddresses', () => {
  it('asks the largest page the contract allows (5,000) by default and returns every row', async () => {
    const queries = serve(700, 'cryptoAddresses', 'cryptoAddressId');
    const r = await listAllCryptoAddresses(fx.client(), {});
    expect(r.ok && r.value.items.map((a) => a.cryptoAddressId)).toEqual(
      Array.from({ length: 700 }, (_, i) => `id-${i}`),
    );
    expect(queries[0]).toMatch(/^\/platform\/crypto-addresses\?limit=5000&offset=0$/);
    fx.server.setHandler((_req, res) => sendJson(res, 404, { error: 'not-found', message: 'no' }));
    const refused = await listAllCryptoAddresses(fx.client(), {});
    expect(!refused.ok && refused.error.code).toBe('not-found');
  });
});

describe('null rows in a walked list (issue 25)', () => {
  it("are dropped and counted, and the next page starts after them (the platform's positions)", async () => {
    const offsets: string[] = [];
    fx.server.setHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      offsets.push(url.searchParams.get('offset') ?? '');
      const all = [{ cryptoAddressId: 'a' }, null, { cryptoAddressId: 'b' }, null, { cryptoAddressId: 'c' }];
      const offset = Number(url.searchParams.get('offset'));
      sendJson(res, 200, { cryptoAddresses: all.slice(offset, offset + 2) });
    });
    const r = await listAllCryptoAddresses(fx.client(), {}, { pageSize: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.items.map((a) => a.cryptoAddressId)).toEqual(['a', 'b', 'c']);
    // A null row is a row nobody could read: the walk is not complete (the risk watch then
    // treats a loan it did not see as "not seen", never as gone).
    expect(r.ok && r.value).toMatchObject({ nullRows: 2, complete: false });
    expect(offsets).toEqual(['0', '2', '4', '5']);
  });
});

describe('an address edited during the walk (issue 25)', () => {
  it('served again with a newer updatedAt: the newer copy is kept in place, counted as moved', async () => {
    const pages: Record<string, { cryptoAddressId: string; updatedAt: string }[]> = {
      '0': [
        { cryptoAddressId: 'a', updatedAt: '1' },
        { cryptoAddressId: 'b', updatedAt: '1' },
      ],
      '2': [
        { cryptoAddressId: 'a', updatedAt: '2' },
        { cryptoAddressId: 'c', updatedAt: '1' },
      ],
    };
    fx.server.setHandler((req, res) => {
      const offset = new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? '';
      sendJson(res, 200, { cryptoAddresses: pages[offset] ?? [] });
    });
    const r = await listAllCryptoAddresses(fx.client(), {}, { pageSize: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.items.map((a) => `${a.cryptoAddressId}${a.updatedAt}`)).toEqual(['a2', 'b1', 'c1']);
    expect(r.value).toMatchObject({ movedRows: 1, duplicatesDropped: 0, mayHaveMissed: 1, complete: false });
  });
});
