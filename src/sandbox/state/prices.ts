/**
 * Moving prices (`POST /sandbox/prices`): every open collateralised loan's `debtRatio`,
 * `debtRatioUpdatedAt` and `debtRatioStatus` are recomputed from its posted collateral with
 * decimal.js; crossing the margin-call threshold starts a margin call (`embedded.marginCall`,
 * expiring after the loan's `marginCallExpiryPeriod`), and coming back below it ends one. Each
 * start, default and end is recorded in both parties' activity logs.
 */
import { z } from 'zod';
import { CLOSED_LOAN_STATUSES, type ActivityType, type LtvStatus } from '../../shared/platform/enums';
import type { Loan } from '../../shared/platform/resources';
import { applyDebtRatio, DEFAULT_MARGIN_CALL_THRESHOLD } from '../ltv';
import { BASE_PRICES, Dec, type PriceTable } from '../money';
import type { SandboxStore } from './store';

const PRICE_RE = /^(0|[1-9]\d{0,14})(\.\d{1,18})?$/;
const DEFAULT_EXPIRY_MS = '86400000';
const IN_CALL: readonly (LtvStatus | undefined)[] = ['margin-call', 'default'];

export function pricesView(prices: PriceTable): Record<string, string> {
  return Object.fromEntries([...prices].map(([currency, price]) => [currency, price.toFixed()]));
}

const PRICE_RULE = 'must be a positive USD price as a decimal string, e.g. "52000.5"';
const positivePrice = z
  .string(PRICE_RULE)
  .regex(PRICE_RE, PRICE_RULE)
  // zod runs every check even after the regex failed: only a decimal reaches decimal.js.
  .refine((v) => !PRICE_RE.test(v) || !new Dec(v).isZero(), 'must be a positive USD price, not zero');

/** `{"BTC": "52000", ...}`: some of the sandbox's currencies, each with a positive decimal price. */
export const priceUpdate = z
  .strictObject(Object.fromEntries([...BASE_PRICES.keys()].map((c) => [c, positivePrice.optional()])))
  .refine((prices) => Object.keys(prices).length > 0, 'give at least one price, e.g. {"BTC":"52000"}')
  .transform(
    (prices) =>
      new Map(
        Object.entries(prices).flatMap(([currency, price]) =>
          price === undefined ? [] : [[currency, new Dec(price)] as const],
        ),
      ),
  );

interface Transition {
  loan: Loan;
  from: LtvStatus | undefined;
  to: LtvStatus | undefined;
}

function describe(t: Transition): [ActivityType, string] | undefined {
  const { loan } = t;
  const ratio = loan.debtRatio ?? '?';
  if (t.to === 'default' && t.from !== 'default')
    return ['loan-default', `LTV of loan ${loan.loanId} reached ${ratio}, at or above its default threshold`];
  if (t.to === 'margin-call' && !IN_CALL.includes(t.from)) {
    const expiresAt = String(loan.embedded?.marginCall?.expiresAt ?? '');
    return [
      'loan-top-up-request',
      `Margin call on loan ${loan.loanId}: LTV ${ratio}; top up collateral before ${expiresAt}`,
    ];
  }
  if (!IN_CALL.includes(t.to) && IN_CALL.includes(t.from))
    return [
      'loan-top-up-cancelled',
      `Margin call on loan ${loan.loanId} ended: LTV ${ratio} is back below ${loan.extra?.marginCallThreshold ?? DEFAULT_MARGIN_CALL_THRESHOLD}`,
    ];
  return undefined;
}

/** Applies new prices and answers how many loans were recomputed and which changed status. */
export function movePrices(
  store: SandboxStore,
  update: ReadonlyMap<string, InstanceType<typeof Dec>>,
): { recomputed: number; transitions: { loanId: string; from: string | null; to: string | null }[] } {
  const prices = new Map(store.prices);
  for (const [currency, price] of update) prices.set(currency, price);
  store.prices = prices;
  const now = String(store.now());
  const transitions: Transition[] = [];
  let recomputed = 0;
  for (const loan of store.data.loans) {
    const collaterals = loan.embedded?.collaterals ?? [];
    if (collaterals.length === 0 || loan.debtRatio === undefined) continue;
    if ((CLOSED_LOAN_STATUSES as readonly string[]).includes(loan.status)) continue;
    const from = loan.debtRatioStatus;
    applyDebtRatio(loan, loan.amount, collaterals, now, prices);
    recomputed++;
    const to = loan.debtRatioStatus;
    const embedded = (loan.embedded ??= {});
    if (IN_CALL.includes(to) && !IN_CALL.includes(from)) {
      const period = new Dec(loan.extra?.marginCallExpiryPeriod ?? DEFAULT_EXPIRY_MS);
      embedded.marginCall = {
        createdAt: now,
        startedAt: now,
        expiresAt: new Dec(now).plus(period).toFixed(),
      };
    } else if (!IN_CALL.includes(to)) {
      delete embedded.marginCall;
    }
    if (from !== to) transitions.push({ loan, from, to });
  }
  for (const t of transitions) {
    const described = describe(t);
    if (described === undefined) continue;
    const parties: [string | undefined, string | undefined][] = [
      [t.loan.lenderOrganizationId, t.loan.lenderPortfolioId],
      [t.loan.borrowerOrganizationId, t.loan.borrowerPortfolioId],
    ];
    for (const [org, portfolioId] of parties) {
      const party = org === undefined ? undefined : store.organization(org);
      if (party === undefined) continue;
      store.recordActivity(
        party.organizationId,
        described[0],
        described[1],
        party.userIds[0] ?? '',
        portfolioId ?? '',
      );
    }
  }
  store.changed();
  return {
    recomputed,
    transitions: transitions.map((t) => ({ loanId: t.loan.loanId, from: t.from ?? null, to: t.to ?? null })),
  };
}
