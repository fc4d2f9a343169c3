import { describe, expect, it } from 'vitest';
import { dedupKeyOf, objectTextOf, type DedupScope } from '../../../src/main/actions/dedup-key';
import { actionInput, type ActionInput } from '../../../src/shared/actions';

const scope: DedupScope = { organizationId: 'org-1', keyFingerprint: 'sha256:1a2b3c4d…WXYZ' };
const VAULT = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const CLOID = '0x0123456789ABCDEF0123456789abcdef';

/** Every input goes through the shared schema first, as the router does before the service sees it. */
const valid = (input: unknown): ActionInput => actionInput.parse(input);

const order = (fields: Record<string, unknown> = {}) => ({
  a: 4,
  b: true,
  p: '100',
  s: '1.5',
  r: false,
  t: { limit: { tif: 'Gtc' } },
  ...fields,
});
const submit = (orders: unknown[], extra: Record<string, unknown> = {}) =>
  valid({ kind: 'exchange.submit', action: { type: 'order', orders, grouping: 'na' }, ...extra });

const key = (input: ActionInput, s: DedupScope = scope) => dedupKeyOf(s, input);

describe('dedupKeyOf: exchange actions compare by meaning', () => {
  it.each([
    ['100', '100.0'],
    ['100', '100.00'],
    ['100', '0100'],
    ['0.5', '0.50'],
    ['0.5', '00.500'],
  ])('price and size %j = %j', (a, b) => {
    expect(key(submit([order({ p: a })]))).toBe(key(submit([order({ p: b })])));
    expect(key(submit([order({ s: a })]))).toBe(key(submit([order({ s: b })])));
  });

  // The transfer amounts of this test were usdClassTransfer's, which the console no longer composes
  // (a user-signed action, issue 25); a modify's price is normalised the same way.
  it('normalises trigger prices and modified prices too', () => {
    const trigger = (px: string) => order({ t: { trigger: { isMarket: false, triggerPx: px, tpsl: 'sl' } } });
    expect(key(submit([trigger('95.50')]))).toBe(key(submit([trigger('95.5')])));
    const modify = (p: string) =>
      valid({ kind: 'exchange.submit', action: { type: 'modify', oid: 7, order: order({ p }) } });
    expect(key(modify('250.000'))).toBe(key(modify('250')));
    expect(key(modify('250.001'))).not.toBe(key(modify('250')));
  });

  it('ignores the order of object keys, at every depth', () => {
    // Not through the schema: zod writes its output in the schema's key order, and this function
    // must not rely on its caller having parsed.
    const a = {
      vaultAddress: VAULT,
      action: {
        grouping: 'na',
        orders: [{ t: { limit: { tif: 'Gtc' } }, r: false, s: '1.5', p: '100', b: true, a: 4 }],
        type: 'order',
      },
      kind: 'exchange.submit',
    } as ActionInput;
    const b = {
      kind: 'exchange.submit',
      action: { type: 'order', orders: [order()], grouping: 'na' },
      vaultAddress: VAULT,
    } as ActionInput;
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(key(a)).toBe(key(b));
  });

  it('compares hex addresses and cloids case-insensitively', () => {
    expect(key(submit([order()], { vaultAddress: VAULT }))).toBe(
      key(submit([order()], { vaultAddress: VAULT.toLowerCase() })),
    );
    expect(key(submit([order({ c: CLOID })]))).toBe(
      key(submit([order({ c: CLOID.toUpperCase().replace('0X', '0x') })])),
    );
  });

  it.each([
    ['a higher price', order({ p: '100.01' })],
    ['another size', order({ s: '2' })],
    ['the other side', order({ b: false })],
    ['another asset', order({ a: 5 })],
    ['reduce-only', order({ r: true })],
    ['another time in force', order({ t: { limit: { tif: 'Ioc' } } })],
    ['a cloid (absent has no default)', order({ c: CLOID })],
  ])('tells a different order apart: %s', (_, other) => {
    expect(key(submit([other]))).not.toBe(key(submit([order()])));
  });

  it('tells a vault order from the same order for the own account (no default vault)', () => {
    expect(key(submit([order()], { vaultAddress: VAULT }))).not.toBe(key(submit([order()])));
  });

  it('keeps arrays in order, nested ones included', () => {
    const one = order({ p: '100' });
    const two = order({ p: '101' });
    expect(key(submit([one, two]))).not.toBe(key(submit([two, one])));
    expect(key(submit([one, two]))).toBe(key(submit([order({ p: '100.0' }), order({ p: '101.00' })])));
    const cancels = (os: number[]) =>
      valid({ kind: 'exchange.submit', action: { type: 'cancel', cancels: os.map((o) => ({ a: 1, o })) } });
    expect(key(cancels([1, 2]))).not.toBe(key(cancels([2, 1])));
  });

  it('tells different action types apart even with the same fields', () => {
    const leverage = (isCross: boolean) =>
      valid({ kind: 'exchange.submit', action: { type: 'updateLeverage', asset: 1, isCross, leverage: 5 } });
    expect(key(leverage(true))).not.toBe(key(leverage(false)));
    expect(key(submit([order()]))).not.toBe(
      key(valid({ kind: 'exchange.submit', action: { type: 'scheduleCancel' } })),
    );
  });
});

describe('dedupKeyOf: the journalled form', () => {
  // Unsettled actions restored after a restart compare by the key journalled with them: the form
  // must stay byte for byte what consoles since dedup/v1 wrote, whatever file builds each part.
  it('is the JSON array consoles since dedup/v1 journalled, for a loan kind and the exchange', () => {
    expect(key(valid({ kind: 'loans.acceptRepayment', loanId: 'L1', amount: '5' }))).toBe(
      '["dedup/v1","org-1","sha256:1a2b3c4d…WXYZ","loans.acceptRepayment",{"loanId":"L1"}]',
    );
    expect(key(submit([order({ p: '100.0' })], { vaultAddress: VAULT }))).toBe(
      '["dedup/v1","org-1","sha256:1a2b3c4d…WXYZ","exchange.submit",' +
        '{"action":{"grouping":"na","orders":[{"a":4,"b":true,"p":"100","r":false,"s":"1.5","t":{"limit":{"tif":"Gtc"}}}],"type":"order"},' +
        `"vaultAddress":"${VAULT.toLowerCase()}"}]`,
    );
  });
});

describe('dedupKeyOf: scope', () => {
  it('is the same from two workspaces holding the same key in the same organization', () => {
    // What the action service knows about each workspace; only the organization and key count.
    const first = { workspaceId: 'ws-production-a', ...scope };
    const second = { workspaceId: 'ws-production-b', ...scope };
    expect(key(submit([order()]), first)).toBe(key(submit([order()]), second));
    expect(key(valid({ kind: 'loans.approve', loanId: 'L1' }), first)).toBe(
      key(valid({ kind: 'loans.approve', loanId: 'L1' }), second),
    );
  });

  it('differs for another key fingerprint or another organization', () => {
    const input = submit([order()]);
    expect(key(input, { ...scope, keyFingerprint: 'sha256:ffff…WXYZ' })).not.toBe(key(input));
    expect(key(input, { ...scope, organizationId: 'org-2' })).not.toBe(key(input));
    const loan = valid({ kind: 'loans.acceptRepayment', loanId: 'L1' });
    expect(key(loan, { ...scope, keyFingerprint: 'sha256:ffff…WXYZ' })).not.toBe(key(loan));
  });

  it('cannot be confused by separators inside ids', () => {
    const input = valid({ kind: 'loans.approve', loanId: 'L1' });
    expect(key(input, { organizationId: 'a|b', keyFingerprint: 'c' })).not.toBe(
      key(input, { organizationId: 'a', keyFingerprint: 'b|c' }),
    );
  });

  it('compares ids verbatim: only the action content is canonicalised', () => {
    const approve = (loanId: string) => valid({ kind: 'loans.approve', loanId });
    expect(key(approve('0100'))).not.toBe(key(approve('100')));
    expect(key(approve('0xAB'))).not.toBe(key(approve('0xab')));
  });
});

describe('dedupKeyOf: loan actions are keyed by loan and kind', () => {
  it('treats a second action of the same kind on the same loan as a duplicate, whatever its body', () => {
    const repay = (fields: Record<string, unknown>) =>
      key(valid({ kind: 'loans.acceptRepayment', loanId: 'L1', ...fields }));
    expect(repay({ amount: '10' })).toBe(repay({ amount: '25.5' }));
    expect(repay({ amount: '10' })).toBe(repay({}));
    expect(repay({ collateralPortfolioId: 'P1' })).toBe(
      repay({ collateralPortfolioId: 'P2', effectiveDate: '1' }),
    );
    const confirm = (loanAllocationId: string) =>
      key(valid({ kind: 'loans.confirmExternalDisbursement', loanId: 'L1', loanAllocationId }));
    expect(confirm('A1')).toBe(confirm('A2'));
  });

  it('tells another loan or another kind apart', () => {
    expect(key(valid({ kind: 'loans.acceptRepayment', loanId: 'L1' }))).not.toBe(
      key(valid({ kind: 'loans.acceptRepayment', loanId: 'L2' })),
    );
    expect(key(valid({ kind: 'loans.approve', loanId: 'L1' }))).not.toBe(
      key(valid({ kind: 'loans.acceptRepayment', loanId: 'L1' })),
    );
    expect(
      key(valid({ kind: 'loans.cancelInterestPayment', loanId: 'L1', loanAllocationId: 'A1' })),
    ).not.toBe(
      key(valid({ kind: 'loans.confirmExternalDisbursement', loanId: 'L1', loanAllocationId: 'A1' })),
    );
  });
});

describe('objectTextOf', () => {
  it('names the loan, and the allocation where the input names one', () => {
    expect(objectTextOf(valid({ kind: 'loans.acceptRepayment', loanId: 'L1', amount: '5' }))).toBe('loan L1');
    expect(
      objectTextOf(
        valid({ kind: 'loans.confirmExternalDisbursement', loanId: 'L1', loanAllocationId: 'A7' }),
      ),
    ).toBe('loan L1 (allocation A7)');
  });

  it('says what an exchange action does, briefly', () => {
    expect(objectTextOf(submit([order()], { vaultAddress: VAULT }))).toBe(
      `the exchange (BUY 1.5 @ 100 (asset 4)) for vault ${VAULT}`,
    );
    const many = objectTextOf(submit(Array.from({ length: 200 }, (_, i) => order({ a: i }))));
    expect([...many].length).toBeLessThanOrEqual(120);
    expect(many.endsWith('…')).toBe(true);
  });
});
