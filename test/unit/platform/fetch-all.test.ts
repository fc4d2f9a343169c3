/**
 * The whole-list walks (src/main/platform/fetch-all.ts) against a local verifying server: page
 * size defaults, the rows of every page in order, and a refused page ending the walk with its
 * error. Found untested by unit tests by mutation testing (only integration suites reached it).
 */
import { describe, expect, it } from 'vitest';
import { listAllActivities, listAllCryptoAddresses } from '../../../src/main/platform/fetch-all';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from './client-fixture';

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
  it('asks 1000 rows a page by default and returns every row in order', async () => {
    const queries = serve(2500, 'activities', 'activityId');
    const r = await listAllActivities(fx.client(), 'org-1', {});
    expect(r.ok && r.value.items.map((a) => a.activityId)).toEqual(
      Array.from({ length: 2500 }, (_, i) => `id-${i}`),
    );
    expect(queries[0]).toBe('/platform/organizations/org-1/activities?offset=0&limit=1000');
    expect(queries[2]).toBe('/platform/organizations/org-1/activities?offset=2000&limit=1000');
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
  it('asks 500 rows a page by default and returns every row', async () => {
    const queries = serve(700, 'cryptoAddresses', 'cryptoAddressId');
    const r = await listAllCryptoAddresses(fx.client(), {});
    expect(r.ok && r.value.items.map((a) => a.cryptoAddressId)).toEqual(
      Array.from({ length: 700 }, (_, i) => `id-${i}`),
    );
    expect(queries[0]).toMatch(/^\/platform\/crypto-addresses\?limit=500&offset=0$/);
    fx.server.setHandler((_req, res) => sendJson(res, 404, { error: 'not-found', message: 'no' }));
    const refused = await listAllCryptoAddresses(fx.client(), {});
    expect(!refused.ok && refused.error.code).toBe('not-found');
  });
});
