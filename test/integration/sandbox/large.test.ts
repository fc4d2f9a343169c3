/**
 * The benchmark paths on the `large` size, for correctness only: how fast they are is measured by
 * bench/3-sandbox-throughput.ts (ClearLoop pages under load, start-up) and bench/4 and bench/5
 * (activity pages as JSON and CSV), never here.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const h = useHarness({ size: 'large' }, { startTimeoutMs: 30_000 });

describe('large sandbox', () => {
  it('serves 100-row ClearLoop pages at random offsets over 8 connections', async () => {
    let n = 0;
    const worker = async (): Promise<void> => {
      while (n < 400) {
        const offset = (n++ * 7919) % 49_900;
        const res = await h.req('GET', `/platform/clearloop/actions?limit=100&offset=${offset}`);
        expect(res.status).toBe(200);
        const body = res.json as { actions: unknown[]; pagination: { page: string; totalItems: string } };
        expect(body.actions).toHaveLength(100);
        expect(body.pagination.totalItems).toBe('50000');
        expect(body.pagination.page).toBe(String(Math.floor(offset / 100) + 1));
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  });

  it('walks 100 pages of 1000 activities as JSON and as CSV', async () => {
    for (const accept of ['application/json', 'text/csv']) {
      for (let page = 0; page < 100; page++) {
        const res = await h.req(
          'GET',
          `/platform/organizations/${h.org}/activities?limit=1000&offset=${page * 1000}`,
          {
            headers: { Accept: accept },
          },
        );
        expect(res.status).toBe(200);
        if (accept === 'application/json') {
          expect((res.json as { activities: unknown[] }).activities).toHaveLength(1000);
        }
      }
    }
  });
});
