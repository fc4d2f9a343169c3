/**
 * prices.* handlers through the router: the contract's schema checks the input before any handler,
 * the workspace store says which workspace is the built-in sandbox one, and only the embedded
 * sandbox's control URL is asked for prices (the behaviour: test/unit/prices/*).
 */
import { describe, expect, it } from 'vitest';
import { priceHandlers } from '../../../src/main/handlers/price-handlers';
import type { Logger } from '../../../src/main/log/logger';
import { createRouter } from '../../../src/main/router/router';
import { fail, ok } from '../../../src/shared/result';
import { useTempDir } from '../../support/temp-dir';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const dataDir = useTempDir('price-handlers-');
const SANDBOX = { controlUrl: 'http://127.0.0.1:1/sandbox', controlToken: 't' };

function router() {
  const asked: string[] = [];
  const handlers = priceHandlers({
    dataDir: dataDir(),
    workspaces: {
      find: (id: string) =>
        id === 'w1' || id === 'sb'
          ? ok({ builtIn: id === 'sb' } as never)
          : fail('workspace-not-found', `No workspace ${id}.`),
    },
    sandbox: SANDBOX,
    controls: {
      prices: async (url: string) => {
        asked.push(url);
        return ok({ BTC: '65000' });
      },
    },
    now: () => new Date('2026-01-31T12:00:00.000Z'),
  });
  return { r: createRouter(handlers as Parameters<typeof createRouter>[0], log), asked };
}

describe('price handlers', () => {
  it("fill the built-in workspace from the embedded sandbox's control URL, and no other", async () => {
    const { r, asked } = router();
    expect(await r.dispatch('prices.get', { workspaceId: 'sb' })).toMatchObject({
      ok: true,
      value: { origin: 'sandbox', rows: [{ currency: 'BTC', price: '65000' }] },
    });
    expect(await r.dispatch('prices.get', { workspaceId: 'w1' })).toMatchObject({
      ok: true,
      value: { rows: [] },
    });
    expect(asked).toEqual([SANDBOX.controlUrl]);
  });

  it('set, import, change the staleness and clear a sheet', async () => {
    const { r } = router();
    const row = { currency: 'BTC', price: '1.5', quote: 'USD', asOf: '2026-01-31T11:00:00Z', source: '' };
    expect(await r.dispatch('prices.set', { workspaceId: 'w1', rows: [row] })).toMatchObject({
      ok: true,
      value: { rows: [row] },
    });
    expect(await r.dispatch('prices.setStaleAfter', { workspaceId: 'w1', minutes: 15 })).toMatchObject({
      ok: true,
      value: { staleAfterMinutes: 15, rows: [row] },
    });
    expect(
      await r.dispatch('prices.importCsv', {
        workspaceId: 'w1',
        text: 'currency,price,quote,asOf,source\nBTC,x,USD,,',
      }),
    ).toMatchObject({ ok: true, value: { imported: false, errors: [{ line: 2 }] } });
    expect(await r.dispatch('prices.clear', { workspaceId: 'w1' })).toMatchObject({
      ok: true,
      value: { rows: [], staleAfterMinutes: 15 },
    });
  });

  it.each([
    [
      'a zero price',
      'prices.set',
      {
        workspaceId: 'w1',
        rows: [{ currency: 'BTC', price: '0', quote: 'USD', asOf: '2026-01-31T11:00:00Z', source: '' }],
      },
      /greater than zero/,
    ],
    [
      'a staleness of 0 minutes',
      'prices.setStaleAfter',
      { workspaceId: 'w1', minutes: 0 },
      /at least 1 minute/,
    ],
    ['an unknown workspace', 'prices.get', { workspaceId: 'w9' }, /No workspace w9/],
  ] as const)('refuse %s', async (_name, call, input, message) => {
    const answer = await router().r.dispatch(call, input);
    expect(!answer.ok && answer.error.message).toMatch(message);
  });
});
