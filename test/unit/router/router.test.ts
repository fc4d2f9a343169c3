import { describe, expect, it } from 'vitest';
import { CALL_NAMES, contract, lookupCall } from '../../../src/shared/contract';
import { createRouter, type Handlers } from '../../../src/main/router/router';
import { ok } from '../../../src/shared/result';
import type { Logger } from '../../../src/main/log/logger';

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Every call answers with the input it was given, so the tests see what the router parsed. */
function echoHandlers(): Handlers {
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const name of CALL_NAMES) handlers[name] = async (input) => ok(input);
  return handlers as unknown as Handlers;
}

describe('contract router', () => {
  const router = createRouter(echoHandlers(), silent);

  it('names each call once, and every name resolves to its own definition', () => {
    expect(new Set(CALL_NAMES).size).toBe(CALL_NAMES.length);
    for (const name of CALL_NAMES) {
      const [domain, verb] = name.split('.') as [keyof typeof contract, string];
      expect(lookupCall(name), name).toBe((contract[domain] as Record<string, unknown>)[verb]);
    }
  });

  it('offers no way to send an action but prepare and execute', () => {
    // The first round had one call per loan PATCH and for POST /exchange; they went straight out.
    // (`loans.estimateLtv` and `loans.ltvDryRun` are calls again: reads, they change nothing.)
    for (const direct of [
      'loans.approve',
      'loans.cancelInterestPayment',
      'loans.acceptRepayment',
      'loans.confirmExternalDisbursement',
      'exchange.submit',
    ]) {
      expect(CALL_NAMES, direct).not.toContain(direct);
    }
    expect(CALL_NAMES).toEqual(expect.arrayContaining(['actions.prepare', 'actions.execute']));
  });

  it('refuses unknown calls, including prototype names', async () => {
    for (const name of [
      'nope',
      'loans.nope',
      'loans',
      '__proto__.x',
      'constructor.name',
      'loans.constructor',
      'loans.__proto__',
    ]) {
      const result = await router.dispatch(name, {});
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown-call' }) });
    }
    expect(lookupCall('toString')).toBeUndefined();
  });

  it('answers bad-input naming the field', async () => {
    const result = await router.dispatch('loans.list', { workspaceId: 'w1', limit: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('bad-input');
      expect(result.error.message).toMatch(/^limit: /);
    }
    const nested = await router.dispatch('loans.estimateLtv', {
      workspaceId: 'w1',
      loanId: 'l1',
      collaterals: [{ amount: '1e5', currency: 'BTC', mainCurrency: 'BTC' }],
    });
    expect(!nested.ok && nested.error.message).toMatch(
      /^collaterals\.0\.amount: must be written out in full/,
    );
    // The field travels apart from the message, so the form shows the error beside it.
    expect(!nested.ok && nested.error.field).toBe('collaterals.0.amount');
    const inAction = await router.dispatch('actions.prepare', {
      workspaceId: 'w1',
      action: { kind: 'loans.acceptRepayment', loanId: 'l1', amount: '1e5' },
    });
    expect(!inAction.ok && inAction.error.field).toBe('action.amount');
  });

  it('refuses non-object inputs without throwing', async () => {
    for (const input of [null, 42, 'x', [], true]) {
      const result = await router.dispatch('workspaces.activate', input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('bad-input');
    }
  });

  it('refuses values only structured clone carries, before any handler runs', async () => {
    const cyclic: Record<string, unknown> = { tab: 'loans' };
    cyclic['self'] = cyclic;
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const cases: Array<[string, unknown, RegExp]> = [
      ['workspaces.saveUiState', { id: 'w', uiState: { n: 10n } }, /plain JSON data/],
      ['workspaces.saveUiState', { id: 'w', uiState: cyclic }, /plain JSON data/],
      ['workspaces.saveUiState', { id: 'w', uiState: { deep } }, /plain JSON data|nested more than/],
      [
        'workspaces.saveUiState',
        { id: 'w', uiState: { at: new Map([['a', 1]]) } },
        /uiState\.at: .*not a Map/,
      ],
      ['loans.ltvDryRun', { workspaceId: 'w', body: { n: 1n } }, /body\.n: .*bigint/],
      ['loans.ltvDryRun', { workspaceId: 'w', body: { d: new Date() } }, /not a Date/],
      [
        'wallets.list',
        { workspaceId: 'w', mainCurrency: 'BTC\uD800' },
        /^mainCurrency: must be well-formed text/,
      ],
      ['loans.get', { workspaceId: 'w', loanId: '\uDFFFx' }, /^loanId: must be well-formed text/],
    ];
    for (const [name, input, says] of cases) {
      const result = await router.dispatch(name, input);
      expect(result.ok, name).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('bad-input');
        expect(result.error.message).toMatch(says);
      }
    }
    // Paired surrogates (emoji) are ordinary text.
    expect((await router.dispatch('loans.get', { workspaceId: 'w', loanId: 'loan-🏦' })).ok).toBe(true);
  });

  it('passes the parsed input (trimmed, typed) to the handler', async () => {
    const result = await router.dispatch('workspaces.activate', { id: '  ws-1  ' });
    expect(result).toEqual({ ok: true, value: { id: 'ws-1' } });
  });

  it('turns a throwing handler into an internal error without its details', async () => {
    const handlers = echoHandlers();
    (handlers as unknown as Record<string, () => Promise<never>>)['app.info'] = async () => {
      throw new Error('secret-detail-xyz');
    };
    const logged: string[] = [];
    const r = createRouter(handlers, { ...silent, error: (_s, m, e) => logged.push(`${m} ${String(e)}`) });
    const result = await r.dispatch('app.info', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('secret-detail-xyz');
    }
    expect(logged.join()).toContain('secret-detail-xyz');
  });
});
