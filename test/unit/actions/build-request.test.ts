/**
 * Dispatch through the registry (src/main/actions/build-request.ts): an action is built by its
 * kind's builder (each kind's tests are in ./kinds/), and the key an older console journalled for
 * an unsettled action is still formed the same way, so a restored one blocks its duplicate.
 */
import { describe, expect, it } from 'vitest';
import { legacyKeyOf } from '../../../src/main/actions/build-request';
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
