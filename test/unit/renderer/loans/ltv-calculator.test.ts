/** The LTV calculator's form: prefilled from a loan, its body (target in % → ratio), its answer read. */
import { describe, expect, it } from 'vitest';
import {
  draftFromLoan,
  dryRunBody,
  EXAMPLE_DRAFT,
  problemText,
  readDryRun,
  type DryRunDraft,
} from '../../../../src/renderer/src/features/loans/ltv-calculator';
import { jsonNumberText } from '../../../../src/shared/json-number';
import type { Loan } from '../../../../src/shared/platform/resources';

/** A collateral row as the form holds it (and as the loan lists it, with its main currency). */
const row = (amount: string, currency: string, mainCurrency = '') => ({ amount, currency, mainCurrency });

const loan = {
  loanId: 'loan-1',
  amount: '18363000',
  currency: 'USDC',
  embedded: {
    collaterals: [row('0.5', 'BTC', 'BTC'), row('2', 'USDC', 'ETH')],
  },
  extra: { rebalanceThreshold: '0.6', initialLtv: '0.5', marginCallThreshold: '0.8' },
} as unknown as Loan;

const draft = (patch: Partial<DryRunDraft>): DryRunDraft => ({ ...EXAMPLE_DRAFT, ...patch });

describe('draftFromLoan', () => {
  it('takes the amount, the posted collateral and the top-up target in percent', () => {
    expect(draftFromLoan(loan)).toEqual({
      loanAmount: '18363000',
      loanCurrency: 'USDC',
      // A main currency equal to the currency is left empty.
      collaterals: [row('0.5', 'BTC'), row('2', 'USDC', 'ETH')],
      targetPercent: '50',
      collateralCurrency: 'BTC',
    });
  });

  it('leaves a JSON number empty for the operator, and no target when the loan states none', () => {
    const odd = { ...loan, amount: jsonNumberText('1.5'), extra: {}, embedded: {} } as unknown as Loan;
    expect(draftFromLoan(odd)).toMatchObject({ loanAmount: '', collaterals: [], targetPercent: '' });
  });
});

describe('dryRunBody', () => {
  it('sends the target as the ratio and amounts exactly as typed; empty rows are left out', () => {
    const d = draft({
      loanAmount: '32500.10',
      collaterals: [row('1', ' BTC '), row('', '')],
      targetPercent: '62.5',
      collateralCurrency: '',
    });
    expect(dryRunBody(d)).toEqual({
      ok: true,
      body: {
        loanAmount: '32500.10',
        loanCurrency: 'USDC',
        collaterals: [{ amount: '1', currency: 'BTC' }],
        targetLtv: '0.625',
        collateralCurrency: 'BTC',
      },
    });
  });

  it('leaves the target and its currency out when no target is given', () => {
    const res = dryRunBody(draft({ targetPercent: '' }));
    expect(res.ok && res.body).toEqual({
      loanAmount: '100000',
      loanCurrency: 'USDC',
      collaterals: [{ amount: '3', currency: 'BTC' }],
    });
  });

  it.each([
    [{ loanAmount: '' }, 'Loan amount is required'],
    [{ loanAmount: '1e5' }, 'Loan amount'],
    [{ loanCurrency: ' ' }, 'Loan currency is required'],
    [{ targetPercent: '0' }, 'Target LTV must be a percentage'],
    [{ targetPercent: '1000.5' }, 'Target LTV must be a percentage'],
    [{ targetPercent: 'abc' }, 'Target LTV must be a percentage'],
    [{ collaterals: [row('1', '')] }, 'Collateral 1 currency is required'],
    [{ collaterals: [row('-1', 'BTC')] }, 'Collateral 1 amount'],
    [{ collaterals: [], targetPercent: '' }, 'give at least one collateral, or a target LTV'],
  ])('refuses %j: %s', (patch, message) => {
    const res = dryRunBody(draft(patch));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.problems.map(problemText).join(' | ')).toContain(message);
  });
});

describe('readDryRun', () => {
  const answer = {
    ltv: '0.5128',
    ltvStatus: 'healthy',
    loanValueUsd: '32500',
    collateralValueUsd: '63377.5',
    requiredCollateralAmount: '1',
    requiredCollateralCurrency: 'BTC',
  };

  it('reads the LTV, the status and the collateral for the target asked', () => {
    expect(readDryRun(answer, { targetLtv: '0.25' }, '1')).toEqual({
      ltv: '0.5128',
      ltvAsSent: '0.5128',
      status: 'healthy',
      loanValueUsd: '32500',
      collateralValueUsd: '63377.5',
      topUp: { ok: true, amount: '1', currency: 'BTC', targetLtv: '0.25', at: '1' },
    });
  });

  it('has no top-up without a target, and keeps an LTV that is no decimal string as sent', () => {
    const read = readDryRun({ ...answer, ltv: 0.5128 }, {}, '1');
    expect(read).toMatchObject({ ltv: null, ltvAsSent: 0.5128, topUp: null });
  });
});
