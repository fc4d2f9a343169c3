import { describe, expect, it } from 'vitest';
import { LOAN_OPERATION_MEDIA_TYPES, type LoanOperationName } from '../../../src/shared/platform/media-types';
import type { Activity, Loan } from '../../../src/shared/platform/resources';
import { signed } from '../../support/sandbox-http';
import { newKey, useHarness } from './harness';

const h = useHarness({}, { reset: true });

const loansPath = (): string => `/platform/organizations/${h.org}/loans`;
async function allLoans(query = ''): Promise<Loan[]> {
  return (await h.get<{ loans: Loan[] }>(`${loansPath()}?limit=1000${query}`)).loans;
}
async function fixture(name: string): Promise<Loan> {
  const loan = (await allLoans()).find((l) => l.externalId === name);
  if (loan === undefined) throw new Error(`no fixture ${name}`);
  return loan;
}
function patch(loanId: string, media: string, body?: unknown) {
  return h.req('PATCH', `${loansPath()}/${loanId}`, {
    body: body === undefined ? '' : JSON.stringify(body),
    headers: { 'Content-Type': media },
  });
}
const APPROVE = 'application/vnd.approve-loan+json';
const CANCEL_INTEREST = 'application/vnd.cancel-interest-payment+json';
const ACCEPT_REPAYMENT = 'application/vnd.accept-loan-repayment+json';
const CONFIRM = 'application/vnd.confirm-external-disbursement+json';
const ESTIMATE = 'application/vnd.estimate-loan-ltv+json';
const pendingAllocation = (loan: Loan, type: string, status: string): string => {
  const a = loan.embedded?.loanAllocations?.find((x) => x.allocationType === type && x.status === status);
  if (a === undefined) throw new Error('no allocation');
  return a.loanAllocationId;
};
const errorOf = (json: unknown): string => (json as { error: string }).error;

describe('GET loans', () => {
  it('lists the caller’s loans on both sides with obfuscated counterparty ids', async () => {
    const loans = await allLoans();
    expect(loans.length).toBe(58); // 60 seeded, 2 between counterparties only
    const lend = loans.filter((l) => l.lenderOrganizationId === h.org);
    const borrow = loans.filter((l) => l.borrowerOrganizationId === h.org);
    expect(lend.length + borrow.length).toBe(loans.length);
    expect(
      lend.every((l) => l.borrowerOrganizationId === 'obfuscated' && l.borrowerPortfolioId === 'obfuscated'),
    ).toBe(true);
    expect(
      borrow.every((l) => l.lenderOrganizationId === 'obfuscated' && l.lenderPortfolioId === 'obfuscated'),
    ).toBe(true);
    expect(new Set(loans.map((l) => l.status)).size).toBeGreaterThanOrEqual(20);
    expect(loans.some((l) => l.debtRatioStatus === 'margin-call')).toBe(true);
    expect(loans.some((l) => l.debtRatioStatus === 'healthy')).toBe(true);
  });

  it('applies every filter', async () => {
    const all = await allLoans();
    expect((await allLoans('&loanSide=lend')).every((l) => l.lenderOrganizationId === h.org)).toBe(true);
    expect((await allLoans('&loanSide=borrow')).every((l) => l.borrowerOrganizationId === h.org)).toBe(true);
    const two = all.slice(0, 2).map((l) => l.loanId);
    expect((await allLoans(`&loanIds=${two.join(',')}`)).map((l) => l.loanId).sort()).toEqual(
      [...two].sort(),
    );
    expect((await allLoans(`&loanIds=${two[0]}&loanIds=${two[1]}`)).length).toBe(2);
    const byStatus = await allLoans('&statuses=awaiting-approval,repaying');
    expect(byStatus.length).toBe(6 + 7);
    expect(
      (await allLoans('&loanTypes=bilateral-uncollateralised-loan')).every(
        (l) => l.loanType === 'bilateral-uncollateralised-loan',
      ),
    ).toBe(true);
    const open = await allLoans('&isOpen=true');
    const closed = await allLoans('&isOpen=false');
    expect(open.length + closed.length).toBe(all.length);
    expect(
      closed.every((l) =>
        [
          'repaid',
          'closed',
          'cancelled',
          'rejected',
          'defaulted',
          'default-resolved',
          'errored',
          'early-termination-completed',
        ].includes(l.status),
      ),
    ).toBe(true);
    const pid =
      all[0]?.lenderOrganizationId === h.org ? all[0]?.lenderPortfolioId : all[0]?.borrowerPortfolioId;
    expect((await allLoans(`&portfolioId=${pid}`)).length).toBeGreaterThan(0);
    const bare = await allLoans(
      '&includeCollaterals=false&includeCounterparties=false&includeLoanAllocations=false&includeLoanInterest=false&includeChildLoans=false',
    );
    expect(
      bare.every(
        (l) =>
          l.embedded?.collaterals === undefined &&
          l.embedded?.counterparties === undefined &&
          l.embedded?.loanAllocations === undefined,
      ),
    ).toBe(true);
    const asc = await allLoans('&sortBy=updatedAt&sortDirection=ASC');
    const ts = asc.map((l) => Number(l.updatedAt));
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    const page = await h.get<{ loans: Loan[] }>(`${loansPath()}?limit=5&offset=5&sortDirection=ASC`);
    expect(page.loans.map((l) => l.loanId)).toEqual(asc.slice(5, 10).map((l) => l.loanId));
  });

  it.each([
    ['loanSide=both', 'loanSide'],
    ['statuses=nope', 'statuses'],
    ['loanTypes=x', 'loanTypes'],
    ['isOpen=yes', 'isOpen'],
    ['limit=1001', 'limit'],
    ['offset=-1', 'offset'],
    ['sortBy=createdAt', 'sortBy'],
    ['sortDirection=asc', 'sortDirection'],
    ['includeCollaterals=1', 'includeCollaterals'],
  ])('refuses %s naming %s', async (query, name) => {
    const res = await h.req('GET', `${loansPath()}?${query}`);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message.startsWith(name)).toBe(true);
  });

  it('gets one loan; unknown, hidden and foreign-organization requests are refused', async () => {
    const loan = (await allLoans())[0];
    expect((await h.get<Loan>(`${loansPath()}/${loan?.loanId}`)).loanId).toBe(loan?.loanId);
    expect((await h.req('GET', `${loansPath()}/nope`)).status).toBe(404);
    const info = await h.info();
    const other = info.organizations[1]?.organizationId ?? '';
    expect((await h.req('GET', `/platform/organizations/${other}/loans`)).status).toBe(403);
    const otherKey = await newKey(h, other);
    const theirs = (
      (await signed(otherKey, 'GET', `/platform/organizations/${other}/loans?limit=1000`)).json as {
        loans: Loan[];
      }
    ).loans;
    const hidden = theirs.find((l) => l.externalId === 'sandbox-hidden-1');
    expect(hidden).toBeDefined();
    expect((await h.req('GET', `${loansPath()}/${hidden?.loanId}`)).status).toBe(404);
  });
});

describe('loan operations', () => {
  it('approve: lender moves awaiting-approval on (collateralised → awaiting-collateral, else disbursing)', async () => {
    const collateralised = await fixture('sandbox-approve-lend-1');
    const res = await patch(collateralised.loanId, APPROVE);
    expect(res.status).toBe(200);
    const loan = res.json as Loan;
    expect(loan.status).toBe('awaiting-collateral');
    expect(loan.extra?.approvedAt).toBeDefined();
    expect(Number(loan.updatedAt)).toBeGreaterThan(Number(collateralised.updatedAt));
    const unsecured = await fixture('sandbox-approve-lend-2');
    const res2 = await patch(unsecured.loanId, `${APPROVE}; charset=utf-8`, {});
    expect((res2.json as Loan).status).toBe('disbursing');
    // Again: 409.
    expect((await patch(unsecured.loanId, APPROVE)).status).toBe(409);
    const acts = await h.get<{ activities: Activity[] }>(
      `/platform/organizations/${h.org}/activities?activityTypes=loan-approved&limit=5`,
    );
    expect(acts.activities.filter((a) => a.description.includes(unsecured.loanId)).length).toBe(1);
  });

  it('approve: refused for the borrower (403), in other states (409), with a body (400)', async () => {
    expect((await patch((await fixture('sandbox-approve-borrow-1')).loanId, APPROVE)).status).toBe(403);
    const active = (await allLoans('&statuses=active&loanSide=lend'))[0];
    expect((await patch(active?.loanId ?? '', APPROVE)).status).toBe(409);
    expect((await patch((await fixture('sandbox-approve-lend-3')).loanId, APPROVE, { x: 1 })).status).toBe(
      400,
    );
  });

  it('cancel-interest-payment: either side; refused when not pending', async () => {
    for (const name of ['sandbox-interest-lend-1', 'sandbox-interest-borrow-1']) {
      const loan = await fixture(name);
      const id = pendingAllocation(loan, 'repay', 'awaiting-acceptance');
      const res = await patch(loan.loanId, CANCEL_INTEREST, {
        loanAllocationId: id,
        effectiveDate: '1750000000000',
      });
      expect(res.status).toBe(200);
      const after = res.json as Loan;
      expect(after.status).toBe('active');
      expect(after.embedded?.loanAllocations?.find((a) => a.loanAllocationId === id)?.status).toBe(
        'cancelled',
      );
      expect((await patch(loan.loanId, CANCEL_INTEREST, { loanAllocationId: id })).status).toBe(409);
    }
    const loan = await fixture('sandbox-interest-lend-2');
    expect((await patch(loan.loanId, CANCEL_INTEREST, {})).status).toBe(400);
    expect((await patch(loan.loanId, CANCEL_INTEREST, { loanAllocationId: 'nope' })).status).toBe(404);
  });

  it('accept-loan-repayment: full repays, partial reduces; own request 403; no request 409; too much 400', async () => {
    const full = await fixture('sandbox-repay-lend-1');
    const r1 = await patch(full.loanId, ACCEPT_REPAYMENT, {});
    expect(r1.status).toBe(200);
    expect((r1.json as Loan).status).toBe('repaid');
    expect((r1.json as Loan).extra?.repaidAt).toBeDefined();
    const partial = await fixture('sandbox-repay-lend-2');
    const r2 = await patch(partial.loanId, ACCEPT_REPAYMENT, { amount: '1' });
    expect(r2.status).toBe(200);
    const after = r2.json as Loan;
    expect(after.status).toBe('active');
    expect(after.amount).toBe(String(Number(partial.amount) - 1));
    const tooMuch = await fixture('sandbox-repay-lend-3');
    const r3 = await patch(tooMuch.loanId, ACCEPT_REPAYMENT, { amount: `${tooMuch.amount}1` });
    expect(r3.status).toBe(400);
    expect((r3.json as { message: string }).message).toMatch(/^amount/);
    const borrowerSide = await fixture('sandbox-repay-borrow-1');
    expect((await patch(borrowerSide.loanId, ACCEPT_REPAYMENT, {})).status).toBe(200);
    expect((await patch((await fixture('sandbox-repay-own-1')).loanId, ACCEPT_REPAYMENT, {})).status).toBe(
      403,
    );
    expect((await patch(full.loanId, ACCEPT_REPAYMENT, {})).status).toBe(409);
    expect((await patch(tooMuch.loanId, ACCEPT_REPAYMENT, { amount: 'abc' })).status).toBe(400);
  });

  it('confirm-external-disbursement: lender only; then 409', async () => {
    const loan = await fixture('sandbox-disburse-lend-1');
    const id = pendingAllocation(loan, 'disburse-externally', 'awaiting-confirmation');
    const res = await patch(loan.loanId, CONFIRM, { loanAllocationId: id });
    expect(res.status).toBe(200);
    expect((res.json as Loan).status).toBe('active');
    expect((res.json as Loan).extra?.disbursedAt).toBeDefined();
    expect((await patch(loan.loanId, CONFIRM, { loanAllocationId: id })).status).toBe(409);
    const borrowed = await fixture('sandbox-disburse-borrow-1');
    const bid = pendingAllocation(borrowed, 'disburse-externally', 'awaiting-confirmation');
    expect((await patch(borrowed.loanId, CONFIRM, { loanAllocationId: bid })).status).toBe(403);
    expect((await patch(loan.loanId, CONFIRM, {})).status).toBe(400);
  });

  it('estimate-loan-ltv recomputes the LTV and changes nothing', async () => {
    const loan = (await allLoans('&statuses=active')).find((l) => l.debtRatio !== undefined);
    if (loan === undefined) throw new Error('no collateralised active loan');
    const doubled = String(Number(loan.amount) * 2);
    const res = await patch(loan.loanId, ESTIMATE, { amount: doubled });
    expect(res.status).toBe(200);
    const est = res.json as Loan;
    expect(Number(est.debtRatio)).toBeCloseTo(Number(loan.debtRatio) * 2, 3);
    const after = await h.get<Loan>(`${loansPath()}/${loan.loanId}`);
    expect(after).toEqual(loan);
    expect(
      (await patch(loan.loanId, ESTIMATE, { collaterals: [{ amount: '1', currency: 'NOPE' }] })).status,
    ).toBe(400);
  });

  it('refuses unknown or missing media types and foreign organizations', async () => {
    const loan = await fixture('sandbox-approve-lend-4');
    expect((await patch(loan.loanId, 'application/json', {})).status).toBe(400);
    const noType = await h.req('PATCH', `${loansPath()}/${loan.loanId}`);
    expect(noType.status).toBe(400);
    const info = await h.info();
    const other = info.organizations[1]?.organizationId;
    const res = await h.req('PATCH', `/platform/organizations/${other}/loans/${loan.loanId}`, {
      headers: { 'Content-Type': APPROVE },
    });
    expect(res.status).toBe(403);
    expect(errorOf(res.json)).toBe('forbidden');
  });

  it('dispatches every media type of the specification to its own body schema', async () => {
    const loan = await fixture('sandbox-approve-lend-4');
    for (const name of Object.keys(LOAN_OPERATION_MEDIA_TYPES) as LoanOperationName[]) {
      const mediaType = LOAN_OPERATION_MEDIA_TYPES[name];
      const res = await patch(loan.loanId, mediaType, { bogus: 1 });
      expect(res.status, name).toBe(400);
      expect((res.json as { message: string }).message, name).toMatch(
        /^unknown field\(s\) "bogus": [A-Z][a-z]+( [a-zA-Z]+)* takes /,
      );
    }
    const approve = await patch(loan.loanId, APPROVE, { loanId: loan.loanId });
    expect((approve.json as { message: string }).message).toBe(
      'unknown field(s) "loanId": Approve loan takes no body (empty or {})',
    );
    expect((await fixture('sandbox-approve-lend-4')).status).toBe('awaiting-approval');
  });

  it('reads loan bodies with the sandbox’s own schemas (the estimate’s collaterals included)', async () => {
    const loan = (await allLoans('&statuses=active')).find((l) => l.debtRatio !== undefined);
    if (loan === undefined) throw new Error('no collateralised active loan');
    const estimate = (body: unknown) => patch(loan.loanId, ESTIMATE, body);
    const btc = { amount: '1', currency: 'BTC', mainCurrency: 'BTC' };
    expect((await estimate({ collaterals: [btc] })).status).toBe(200);
    // The specification does not say which collateral fields are required; the sandbox needs only
    // amount and currency to price one (schemas/loan-bodies.ts).
    expect((await estimate({ collaterals: [{ amount: '1', currency: 'BTC' }] })).status).toBe(200);
    for (const [body, message] of [
      [{ collaterals: [{ amount: '1' }] }, 'collaterals[0].currency: is required'],
      [{ collaterals: [{ ...btc, amount: '-1' }] }, 'collaterals[0].amount: must be written without a sign'],
      [
        { collaterals: [{ ...btc, currency: 'NOPE' }] },
        'collaterals[0].currency: must be a currency the sandbox prices',
      ],
      [{ amount: '0' }, 'amount: must be greater than zero'],
      [{ includeInterest: 'yes' }, 'includeInterest: must be true or false'],
    ] as const) {
      const res = await estimate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { message: string }).message.startsWith(message), res.text).toBe(true);
    }
    const interest = await fixture('sandbox-interest-lend-1');
    const noAllocation = await patch(interest.loanId, CANCEL_INTEREST, {});
    expect((noAllocation.json as { message: string }).message).toBe('loanAllocationId: is required');
  });

  it('reset restores every scenario', async () => {
    const loan = await fixture('sandbox-approve-lend-1');
    expect((await patch(loan.loanId, APPROVE)).status).toBe(200);
    await h.control('POST', '/reset');
    expect((await fixture('sandbox-approve-lend-1')).status).toBe('awaiting-approval');
  });
});

describe('LTV dry run', () => {
  const dry = (body: unknown, media = 'application/vnd.calculate-ltv-dry-run+json') =>
    h.req('PATCH', loansPath(), { body: JSON.stringify(body), headers: { 'Content-Type': media } });

  it('computes LTV and required collateral with decimals', async () => {
    const res = await dry({
      loanAmount: '65000',
      loanCurrency: 'USDC',
      collaterals: [{ amount: '1', currency: 'BTC' }],
      targetLtv: '0.5',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      loanAmount: '65000',
      loanCurrency: 'USDC',
      loanValueUsd: '65000',
      collateralValueUsd: '65000',
      requiredCollateralUsd: '65000',
      requiredCollateralAmount: '1',
      requiredCollateralCurrency: 'BTC',
      ltv: '1',
      ltvStatus: 'default',
    });
    const healthy = await dry({
      loanAmount: '0.1',
      loanCurrency: 'BTC',
      collaterals: [{ amount: '13000', currency: 'USDC' }],
    });
    expect(healthy.json).toMatchObject({ loanValueUsd: '6500', ltv: '0.5', ltvStatus: 'healthy' });
  });

  it.each([
    [{ loanCurrency: 'USDC' }, 'loanAmount'],
    [{ loanAmount: 1, loanCurrency: 'USDC' }, 'loanAmount'],
    [{ loanAmount: '1', loanCurrency: 'XXX' }, 'loanCurrency'],
    [{ loanAmount: '1', loanCurrency: 'USDC', collaterals: 'x' }, 'collaterals'],
    [
      { loanAmount: '1', loanCurrency: 'USDC', collaterals: [{ amount: '-1', currency: 'BTC' }] },
      'collaterals[0].amount',
    ],
    [{ loanAmount: '1', loanCurrency: 'USDC' }, 'collaterals'],
    [{ loanAmount: '1', loanCurrency: 'USDC', targetLtv: 'abc' }, 'targetLtv: must be a decimal string'],
    [{ loanAmount: '1', loanCurrency: 'USDC', targetLtv: '11' }, 'targetLtv: must be a ratio'],
    [{ loanAmount: '1', loanCurrency: 'USDC', targetLtv: '0.5', extra: 1 }, 'unknown field(s) "extra"'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await dry(body);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message.startsWith(field)).toBe(true);
  });

  it('refuses the wrong media type', async () => {
    expect(
      (await dry({ loanAmount: '1', loanCurrency: 'USDC', targetLtv: '0.5' }, 'application/json')).status,
    ).toBe(400);
  });
});
