/**
 * The whole-list walks (src/main/platform/fetch-all.ts) beside fetch-all.test.ts: every page is
 * sent paced as bulk work, and rows repeated across pages are dropped by their own id field
 * (activityId, cryptoAddressId). Mutation testing found both unpinned.
 */
import { describe, expect, it, vi } from 'vitest';
import { listAllActivities, listAllCryptoAddresses } from '../../../src/main/platform/fetch-all';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

/**
 * Pages of two rows by offset: rows 0-1, then 1-2 (row 1 again, as when a new row arrives at the
 * top while walking), then nothing.
 */
function serveOverlapping(listField: string, idField: string) {
  fx.server.setHandler((req, res) => {
    const offset = Number(req.query.get('offset') ?? 0);
    const ids = offset === 0 ? [0, 1] : offset === 2 ? [1, 2] : [];
    sendJson(res, 200, { [listField]: ids.map((i) => ({ [idField]: `id-${i}`, other: 'same' })) });
  });
}

describe('listAll walks', () => {
  it('activities: bulk pages, and a row repeated on the next page is dropped by activityId', async () => {
    serveOverlapping('activities', 'activityId');
    const client = fx.client();
    const request = vi.spyOn(client, 'request');
    const r = await listAllActivities(client, 'org-1', {}, { pageSize: 2 });
    expect(r.ok && r.value.items.map((a) => a.activityId)).toEqual(['id-0', 'id-1', 'id-2']);
    expect(r.ok && r.value.duplicatesDropped).toBe(1);
    expect(request.mock.calls.length).toBeGreaterThan(0);
    for (const [opts] of request.mock.calls) expect(opts.pace).toBe('bulk');
  });

  it('crypto addresses: bulk pages, and a repeated row is dropped by cryptoAddressId', async () => {
    serveOverlapping('cryptoAddresses', 'cryptoAddressId');
    const client = fx.client();
    const request = vi.spyOn(client, 'request');
    const r = await listAllCryptoAddresses(client, {}, { pageSize: 2 });
    expect(r.ok && r.value.items.map((a) => a.cryptoAddressId)).toEqual(['id-0', 'id-1', 'id-2']);
    expect(r.ok && r.value.duplicatesDropped).toBe(1);
    expect(request.mock.calls.length).toBeGreaterThan(0);
    for (const [opts] of request.mock.calls) expect(opts.pace).toBe('bulk');
  });
});
