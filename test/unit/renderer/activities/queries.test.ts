/**
 * The activities tab's server state (src/renderer/src/features/activities/queries.ts): a block of
 * a loaded store is a query keyed by the contract call and its input, read once, dropped by the
 * client's gcTime once no table shows it, and a failure is the main side's `AppError`.
 */
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@shared/result';
import { activityWindowQuery } from '../../../../src/renderer/src/features/activities/queries';
import { INACTIVE_GC_MS, toAppError } from '../../../../src/renderer/src/state/query-client';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture();
const input = { storeId: 'rs-a', offset: 500, count: 500, sort: { id: 'createdAt', desc: true } } as const;

describe('activityWindowQuery', () => {
  it('reads a block once, keyed by the workspace, the call and its input', async () => {
    q.copper.respond('rows.window', (i) =>
      ok({ ...(i as object), rows: [{ activityId: 'x' }], total: 1_000 }),
    );
    const options = activityWindowQuery('ws-1', input);
    expect(options.queryKey).toEqual(['ws-1', 'rows.window', input]);
    const shown = q.show<{ rows: unknown[] }>(options);
    await settle();
    expect(shown()?.rows).toEqual([{ activityId: 'x' }]);
    expect(q.copper.of('rows.window').map((c) => c.input)).toEqual([input]);
    // A second table on the same block reads nothing more: a store never changes.
    q.show(activityWindowQuery('ws-1', { ...input }));
    await settle();
    expect(q.copper.of('rows.window')).toHaveLength(1);
    expect(q.client.getQueryCache().find({ queryKey: options.queryKey })?.gcTime).toBe(INACTIVE_GC_MS);
  });

  it("fails with the main side's error", async () => {
    q.copper.respond('rows.window', () => fail('not-found', 'the row store is gone'));
    q.show(activityWindowQuery('ws-1', input));
    await settle();
    const state = q.client.getQueryState(activityWindowQuery('ws-1', input).queryKey);
    expect(state?.status).toBe('error');
    expect(toAppError(state?.error)).toMatchObject({ code: 'not-found', message: 'the row store is gone' });
  });
});
