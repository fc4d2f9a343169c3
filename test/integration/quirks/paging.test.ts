/**
 * Issue 25 points 2, 4 and 5 against the sandbox's walk quirks: rows that move while a walk reads
 * (`movingRows`), a total that grows between pages (`growingTotal`), an empty page in the middle
 * (`emptyPageAtOffset`), and pages without ids whose offset is ignored (`rowsWithoutIds`,
 * `ignoreOffset`). The walks are the contract's `*.listAll` (src/main/platform/paging.ts, the one
 * walk, and loans-walk.ts), called on the main side as the renderer calls them. `pageCap` makes
 * the seeded `small` lists span many pages. A row is never lost without a word: either every row
 * is there, or the walk says it may have missed some and is not complete.
 */
import { describe, expect, it } from 'vitest';
import type { AllRows } from '../../../src/shared/contract-views';
import { sandboxControl, useResetTestApp, type TestApp } from '../../support/main-app';

let t: TestApp;
let ws: string;
let job = 0;

useResetTestApp('quirks-paging', { timeoutMs: 5_000 }, async (app) => {
  t = app;
  ws = t.builtInId;
});

type Row = Record<string, unknown>;
const setQuirks = (quirks: Record<string, unknown>) => sandboxControl(t.app, 'POST', '/quirks', quirks);
const walk = (name: string) => t.value<AllRows<Row>>(name, { workspaceId: ws, jobId: `paging-${++job}` });
const idsOf = (all: AllRows<Row>, field: string) => all.items.map((r) => String(r[field]));

/** Every id of `before` is in `after`, once; or the walk says it may have missed rows. */
function expectNoSilentLoss(before: string[], after: AllRows<Row>, field: string): void {
  const ids = idsOf(after, field);
  expect(new Set(ids).size, 'no row twice').toBe(ids.length);
  const missing = before.filter((id) => !ids.includes(id));
  if (missing.length > 0) {
    expect(after.complete, `missing ${missing.length}, yet called complete`).toBe(false);
    expect(after.mayHaveMissed).toBeGreaterThanOrEqual(missing.length);
  }
}

const LISTS: [string, string, number][] = [
  // contract call, id field, a page cap that makes several pages of the small seed
  ['loans.listAll', 'loanId', 10],
  ['activities.listAll', 'activityId', 250],
  ['cryptoAddresses.listAll', 'cryptoAddressId', 30],
];

describe('movingRows', () => {
  it('loans: a loan updated while the walk reads (next page) is not lost: the walk reads oldest update first', async () => {
    const before = idsOf(await walk('loans.listAll'), 'loanId');
    await setQuirks({ movingRows: 'next-page', pageCap: 10 });
    const after = await walk('loans.listAll');
    expect(idsOf(after, 'loanId').sort()).toEqual([...before].sort());
    const requests = (await sandboxControl(t.app, 'GET', '/requests?pathPrefix=/organizations/')) as {
      requests: { path: string }[];
    };
    expect(requests.requests.some((r) => r.path.endsWith('/loans'))).toBe(true);
  });

  it('loans: a loan already read and updated again is kept once, in its newest version', async () => {
    const before = await walk('loans.listAll');
    await setQuirks({ movingRows: 'served', pageCap: 10 });
    const after = await walk('loans.listAll');
    expectNoSilentLoss(idsOf(before, 'loanId'), after, 'loanId');
    const changed = after.items.filter((r) => {
      const was = before.items.find((b) => b.loanId === r.loanId);
      return was !== undefined && was.updatedAt !== r.updatedAt;
    });
    expect(changed).toHaveLength(1);
    expect(after.movedRows).toBe(1);
  });

  it.each(LISTS.slice(1))(
    '%s: a row moved to the top mid-walk is not lost without a word',
    async (name, field, cap) => {
      const before = idsOf(await walk(name), field);
      await setQuirks({ movingRows: 'next-page', pageCap: cap });
      expectNoSilentLoss(before, await walk(name), field);
    },
  );
});

describe('growingTotal', () => {
  it.each(LISTS)(
    '%s: rows arriving at the top mid-walk lose no row and repeat none',
    async (name, field, cap) => {
      const before = idsOf(await walk(name), field);
      await setQuirks({ growingTotal: 2, pageCap: cap });
      const after = await walk(name);
      const ids = idsOf(after, field);
      expect(new Set(ids).size).toBe(ids.length);
      expect(before.filter((id) => !ids.includes(id))).toEqual([]);
    },
  );
});

describe('an empty page in the middle (issue 25, 4)', () => {
  it('activities.listAll: an empty page after a full one is read once more, and the walk goes on', async () => {
    // The small seed's 2,000 activities are two full pages of the console's 1,000.
    const before = idsOf(await walk('activities.listAll'), 'activityId');
    expect(before.length).toBe(2000);
    await setQuirks({ emptyPageAtOffset: 1000, emptyPageTimes: 1 });
    const after = await walk('activities.listAll');
    expect(idsOf(after, 'activityId')).toEqual(before);
  });
});

describe('pages without ids while offset is ignored (issue 25, 5)', () => {
  it('the walk stops at the repeated page, by its content, after a few requests', async () => {
    await setQuirks({ rowsWithoutIds: true, ignoreOffset: true, pageCap: 50 });
    const pagesAsked = async () => {
      const log = (await sandboxControl(t.app, 'GET', '/requests?pathPrefix=/organizations/')) as {
        requests: { path: string }[];
      };
      return log.requests.filter((r) => r.path.endsWith('/activities')).length;
    };
    const before = await pagesAsked();
    const answer = await t.call<AllRows<Row>>('activities.listAll', {
      workspaceId: ws,
      jobId: `paging-${++job}`,
    });
    const asked = (await pagesAsked()) - before;
    expect(asked).toBeGreaterThanOrEqual(2); // the page, and the same page again
    expect(asked).toBeLessThan(5);
    if (answer.ok) {
      expect(answer.value.complete).toBe(false);
      expect(answer.value.pages).toBeLessThan(5);
    } else {
      expect(answer.error.message).toMatch(/repeated page/);
    }
  });
});
