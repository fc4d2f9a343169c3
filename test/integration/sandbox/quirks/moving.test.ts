/**
 * Issue 25 point 8, rows that move while a client walks a list (src/sandbox/quirks/moving.ts):
 * `movingRows` gives a row a newer update time between the first and the next page, `growingTotal`
 * adds rows at the top before every later page. Read page by page over loopback, as a walk does.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../harness';

const h = useHarness({}, { reset: true });

const setQuirks = async (quirks: Record<string, unknown>) => {
  const res = await h.control('POST', '/quirks', quirks);
  expect(res.status, res.text).toBe(200);
};

interface LoanRow {
  loanId: string;
  updatedAt: string;
}
const loans = async (query: string) =>
  (await h.get<{ loans: LoanRow[] }>(`/platform/organizations/${h.org}/loans?${query}`)).loans;
const loanIds = async (query: string) => (await loans(query)).map((l) => l.loanId);

describe('movingRows: next-page (a row not read yet is updated)', () => {
  it('newest first: it jumps to the top, the rows before it shift by one, the walk misses it', async () => {
    const before = await loanIds('limit=60&sortDirection=DESC');
    expect(before.length).toBeGreaterThan(30);
    await setQuirks({ movingRows: 'next-page' });
    expect(await loanIds('limit=10&sortDirection=DESC')).toEqual(before.slice(0, 10));
    const second = await loanIds('limit=10&offset=10&sortDirection=DESC');
    // The loan that was at 20 is now first: rows 0..19 moved down one (row 9 is served twice).
    expect(second).toEqual(before.slice(9, 19));
    // Once per walk: the next page moves nothing more, and the walk has missed row 20.
    const third = await loanIds('limit=10&offset=20&sortDirection=DESC');
    expect(third).toEqual([before[19], ...before.slice(21, 30)]);
    const now = await loans('limit=60&sortDirection=DESC');
    expect(now[0]?.loanId).toBe(before[20]);
    expect(Number(now[0]?.updatedAt)).toBeGreaterThan(
      Math.max(...now.slice(1).map((l) => Number(l.updatedAt))),
    );
  });

  it('oldest first (sortBy=updatedAt&sortDirection=ASC): it goes to the end, nothing read is disturbed', async () => {
    const q = 'sortBy=updatedAt&sortDirection=ASC';
    const before = await loanIds(`limit=60&${q}`);
    await setQuirks({ movingRows: 'next-page' });
    expect(await loanIds(`limit=10&${q}`)).toEqual(before.slice(0, 10));
    expect(await loanIds(`limit=10&offset=10&${q}`)).toEqual(before.slice(10, 20));
    const after = await loanIds(`limit=60&${q}`);
    expect(after.at(-1)).toBe(before[20]);
    expect(after.slice(0, 20)).toEqual(before.slice(0, 20));
  });

  it('each walk (a new offset-0 page) gets its own move', async () => {
    await setQuirks({ movingRows: 'next-page' });
    const first = await loanIds('limit=60');
    await loanIds('limit=10');
    await loanIds('limit=10&offset=10');
    const afterOne = await loanIds('limit=60');
    expect(afterOne).not.toEqual(first);
    await loanIds('limit=10');
    await loanIds('limit=10&offset=10');
    expect(await loanIds('limit=60')).not.toEqual(afterOne);
  });
});

describe('movingRows under pageCap', () => {
  it('the row moved is the first of the next page as served (capped), not as asked', async () => {
    const before = await loanIds('limit=60');
    await setQuirks({ movingRows: 'next-page', pageCap: 10 });
    expect(await loanIds('limit=1000')).toEqual(before.slice(0, 10));
    expect(await loanIds('limit=1000&offset=10')).toEqual(before.slice(9, 19));
    expect((await loanIds('limit=1'))[0]).toBe(before[20]);
  });
});

describe('movingRows: served (a row already read is updated)', () => {
  it('oldest first: the last row served goes to the end and the later rows shift back by one', async () => {
    const q = 'sortBy=updatedAt&sortDirection=ASC';
    const before = await loanIds(`limit=60&${q}`);
    await setQuirks({ movingRows: 'served' });
    await loanIds(`limit=10&${q}`);
    const second = await loanIds(`limit=10&offset=10&${q}`);
    expect(second).toEqual(before.slice(11, 21));
    expect((await loanIds(`limit=60&${q}`)).at(-1)).toBe(before[9]);
  });
});

describe('movingRows on activities and crypto addresses (newest first)', () => {
  it('activities: the first row of the next page is re-stamped and jumps to the top', async () => {
    const path = `/platform/organizations/${h.org}/activities`;
    const ids = async (query: string) =>
      (await h.get<{ activities: { activityId: string; createdAt: string }[] }>(`${path}?${query}`))
        .activities;
    const before = await ids('limit=30');
    await setQuirks({ movingRows: 'next-page' });
    await ids('limit=10');
    expect((await ids('limit=10&offset=10')).map((a) => a.activityId)).toEqual(
      before.slice(9, 19).map((a) => a.activityId),
    );
    const top = (await ids('limit=1'))[0];
    expect(top?.activityId).toBe(before[20]?.activityId);
    expect(Number(top?.createdAt)).toBeGreaterThan(Number(before[0]?.createdAt));
  });

  it('crypto addresses: the same, with a newer updatedAt', async () => {
    const ids = async (query: string) =>
      (
        await h.get<{ cryptoAddresses: { cryptoAddressId: string; updatedAt: string }[] }>(
          `/platform/crypto-addresses?${query}`,
        )
      ).cryptoAddresses;
    const before = await ids('limit=30');
    await setQuirks({ movingRows: 'next-page' });
    await ids('limit=10');
    expect((await ids('limit=10&offset=10')).map((a) => a.cryptoAddressId)).toEqual(
      before.slice(9, 19).map((a) => a.cryptoAddressId),
    );
    expect((await ids('limit=1'))[0]?.cryptoAddressId).toBe(before[20]?.cryptoAddressId);
  });
});

describe('growingTotal', () => {
  it('once per walk, before its second page, K new rows arrive at the top: that page repeats K rows', async () => {
    const before = await loanIds('limit=200');
    await setQuirks({ growingTotal: 2 });
    const first = await loanIds('limit=10');
    expect(first).toEqual(before.slice(0, 10));
    const second = await loanIds('limit=10&offset=10');
    expect(second.slice(0, 2)).toEqual(before.slice(8, 10));
    // The third page of the same walk: nothing more arrived.
    expect(await loanIds('limit=10&offset=20')).toEqual(before.slice(18, 28));
    const after = await loanIds('limit=200');
    expect(after.length).toBe(before.length + 2);
    expect(after.slice(2)).toEqual(before);
  });

  it('activities and crypto addresses grow too', async () => {
    const count = async (path: string, key: string) =>
      ((await h.get<Record<string, unknown[]>>(`${path}?limit=5000`))[key] ?? []).length;
    const activities = `/platform/organizations/${h.org}/activities`;
    const a0 = await count(activities, 'activities');
    const c0 = await count('/platform/crypto-addresses', 'cryptoAddresses');
    await setQuirks({ growingTotal: 3 });
    // A walk: its first page, then the next (the rows arrive between the two).
    await h.get(`${activities}?limit=10`);
    await h.get(`${activities}?limit=10&offset=10`);
    await h.get('/platform/crypto-addresses?limit=10');
    await h.get('/platform/crypto-addresses?limit=10&offset=10');
    expect(await count(activities, 'activities')).toBe(a0 + 3);
    expect(await count('/platform/crypto-addresses', 'cryptoAddresses')).toBe(c0 + 3);
  });
});
