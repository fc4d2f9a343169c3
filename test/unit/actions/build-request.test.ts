/**
 * Dispatch through the registry (src/main/actions/build-request.ts): an action is built by its
 * kind's builder (each kind's tests are in ./kinds/), and the key an older console journalled for
 * an unsettled action is still formed the same way, so a restored one blocks its duplicate.
 */
import { describe, expect, it, vi } from 'vitest';
import { legacyKeyOf, sendBuilt, type BuiltRequest } from '../../../src/main/actions/build-request';
import type { PlatformClient } from '../../../src/main/platform/client';
import type { Signer } from '../../../src/main/keychain/key-store';
import { ok } from '../../../src/shared/result';
import { limitOrder } from '../../support/fixtures/exchange-order';

describe('legacyKeyOf: the key consoles before dedup/v1 journalled', () => {
  it('is `<workspace>|<kind>|<object>`, byte for byte as then', () => {
    expect(legacyKeyOf('ws-1', { kind: 'loans.acceptRepayment', loanId: 'L1', amount: '5' })).toBe(
      'ws-1|loans.acceptRepayment|loan L1',
    );
    expect(
      legacyKeyOf('ws-1', { kind: 'loans.cancelInterestPayment', loanId: 'L1', loanAllocationId: 'A1' }),
    ).toBe('ws-1|loans.cancelInterestPayment|loan L1');
    const order = limitOrder('100.0');
    expect(legacyKeyOf('ws-1', order)).toBe(
      'ws-1|exchange.submit|exchange {"type":"order","orders":[{"a":0,"b":true,"p":"100.0","s":"1","r":false,"t":{"limit":{"tif":"Gtc"}}}],"grouping":"na"} ',
    );
  });
});

describe('sendBuilt: the built bytes, once', () => {
  const built = (body: string | null): BuiltRequest => ({
    title: 'Approve loan',
    target: 'Loan L1',
    fields: [],
    context: [],
    method: 'PATCH',
    path: '/loans/L1',
    contentType: 'application/vnd.approve+json',
    body,
    expect: () => null,
    check: { loanId: 'L1' },
  });

  it('sends the method, path, type, body and expectation as built, with the operation and signer', async () => {
    const request = vi.fn(async () => ok('answer'));
    const client = { request } as unknown as PlatformClient;
    const signer = {} as Signer;
    const b = built('{"a":1}');
    expect(await sendBuilt(client, b, 'approveLoan', signer)).toEqual(ok('answer'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith({
      method: 'PATCH',
      path: '/loans/L1',
      contentType: 'application/vnd.approve+json',
      body: '{"a":1}',
      expect: b.expect,
      operation: 'approveLoan',
      signer,
    });
  });

  it('sends no body key for a request without one, and no signer key without a signer', async () => {
    const request = vi.fn(async () => ok(null));
    await sendBuilt({ request } as unknown as PlatformClient, built(null), 'approveLoan');
    const sent = (request.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['contentType', 'expect', 'method', 'operation', 'path']);
  });
});
