import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from '../../support/fixtures/platform-client';
import { listPortfolios } from '../../../src/main/platform/operations';

describe('signing timestamps', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(async () => {
    await fx.server.close();
  });

  it('never repeats a timestamp, so identical requests in one millisecond are not replays', async () => {
    const frozen = 1_700_000_000_000;
    const client = fx.client({ now: () => frozen });
    const before = fx.server.hits.length;
    const results = await Promise.all([
      listPortfolios(client, {}),
      listPortfolios(client, {}),
      listPortfolios(client, {}),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const stamps = fx.server.hits.slice(before).map((h) => h.headers['x-timestamp']);
    expect(new Set(stamps).size).toBe(3);
    expect(stamps.map(Number).sort()).toEqual([frozen, frozen + 1, frozen + 2]);
  });
});
