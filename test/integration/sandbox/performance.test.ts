/**
 * A smoke check of the benchmark paths on the `large` size (bounds are loose: benchmarks, not
 * tests, measure the real figures).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
let startMs = 0;
beforeAll(async () => {
  const t = performance.now();
  h = await startHarness({ size: 'large' });
  startMs = performance.now() - t;
}, 30_000);
afterAll(() => h.close());

describe('large sandbox', () => {
  it('starts in well under 3 s', () => {
    expect(startMs).toBeLessThan(3000);
  });

  it('serves 100-row ClearLoop pages at random offsets over 8 connections quickly', async () => {
    const times: number[] = [];
    let n = 0;
    const worker = async (): Promise<void> => {
      while (n < 400) {
        const offset = (n++ * 7919) % 49_900;
        const t = performance.now();
        const res = await h.req('GET', `/platform/clearloop/actions?limit=100&offset=${offset}`);
        times.push(performance.now() - t);
        expect(res.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
    console.info(
      `[sandbox perf] clearloop p50 ${times[times.length >> 1]?.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
    expect(p99).toBeLessThan(100);
  });

  it('walks 100 pages of 1000 activities as JSON and as CSV', async () => {
    for (const accept of ['application/json', 'text/csv']) {
      const t = performance.now();
      for (let page = 0; page < 100; page++) {
        const res = await h.req(
          'GET',
          `/platform/organizations/${h.org}/activities?limit=1000&offset=${page * 1000}`,
          {
            headers: { Accept: accept },
          },
        );
        expect(res.status).toBe(200);
      }
      const ms = performance.now() - t;
      console.info(`[sandbox perf] 100 activity pages (${accept}) in ${ms.toFixed(0)} ms`);
      expect(ms).toBeLessThan(6000);
    }
  });
});
