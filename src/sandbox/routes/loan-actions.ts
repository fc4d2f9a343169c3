/**
 * `PATCH /organizations/{org}/loans/{loanId}`: the operation is selected by Content-Type (the
 * specification's media types, src/shared/platform/media-types.ts), and each operation's body is
 * the sandbox's own reading of the specification (schemas/loan-bodies.ts), never the console's.
 * Every accepted change appends an activity and fires `loan-updated`.
 */
import { z } from 'zod';
import { LOAN_OPERATION_MEDIA_TYPES, type LoanOperationName } from '../../shared/platform/media-types';
import type { Loan } from '../../shared/platform/resources';
import { mediaTypeOf, parseJsonObject } from '../body';
import { badRequest } from '../errors';
import { applyDebtRatio, type AmountIn } from '../ltv';
import { Dec, fmt, type PriceTable } from '../money';
import { NO_QUERY, parseQuery } from '../query';
import { json, requireOwnOrganization, type PlatformRequest, type Reply, type Route } from '../router';
import {
  collateralEntry,
  describeBody,
  LOAN_OPERATION_BODIES,
  type LoanOperationBody,
} from '../schemas/loan-bodies';
import * as machine from '../state/loans';
import type { LoanActionName } from '../state/store';
import { parseOr400 } from '../validation';
import { ltvDryRunRoute, pricedCurrency } from './ltv-dry-run';
import { findCallerLoan } from './loans';
import { sideOf, viewLoan } from './loan-view';

type BodyOf<K extends LoanOperationName> = LoanOperationBody<K>;

/** The specification's name of each operation, for messages. */
const TITLES: Record<LoanOperationName, string> = {
  estimateLtv: 'Estimate loan LTV',
  cancelInterestPayment: 'Cancel interest payment',
  acceptRepayment: 'Accept loan repayment',
  confirmExternalDisbursement: 'Confirm external disbursement',
  approve: 'Approve loan',
};

interface LoanCall {
  loan: Loan;
  org: string;
  actor: machine.Actor;
  prices: PriceTable;
}

/** An answer that changes nothing (the estimate), or a change to record and announce. */
type Outcome = { answer: Loan } | { change: machine.Change; action: LoanActionName };

interface Operation<B> {
  body: z.ZodType<B>;
  run(call: LoanCall, body: B): Outcome;
}

const operation = <B>(body: z.ZodType<B>, run: (call: LoanCall, body: B) => Outcome): Operation<B> => ({
  body,
  run,
});

/** LTV estimate: `amount` replaces the loan amount; `collaterals` are added to the posted ones. */
function estimate(
  loan: Loan,
  org: string,
  body: BodyOf<'estimateLtv'>,
  now: string,
  prices: PriceTable,
): Loan {
  let loanAmount = new Dec(body.amount ?? loan.amount);
  const interest = loan.embedded?.loanInterest;
  if (
    body.includeInterest === true &&
    interest !== undefined &&
    interest.interestCurrency === loan.currency
  ) {
    loanAmount = loanAmount.plus(interest.unrealisedInterest);
  }
  const perCurrency = new Map<string, Dec>();
  for (const c of [...(loan.embedded?.collaterals ?? []), ...(body.collaterals ?? [])]) {
    perCurrency.set(c.currency, (perCurrency.get(c.currency) ?? new Dec(0)).plus(c.amount));
  }
  const collaterals: AmountIn[] = [...perCurrency].map(([currency, total]) => ({
    currency,
    amount: fmt(total, 18),
  }));
  return applyDebtRatio(viewLoan(loan, org), fmt(loanAmount, 18), collaterals, now, prices);
}

/** The sandbox prices every collateral it is asked to estimate: an unknown currency is a 400. */
const estimateBody = LOAN_OPERATION_BODIES.estimateLtv.extend({
  collaterals: z
    .array(collateralEntry.extend({ currency: pricedCurrency }))
    .max(50, 'must have at most 50 collaterals')
    .optional(),
});

/** One handler per loan operation of the shared table: a missing or extra one does not compile. */
const OPERATIONS = {
  approve: operation(LOAN_OPERATION_BODIES.approve, ({ loan, actor }) => ({
    change: machine.approve(loan, actor),
    action: 'approve',
  })),
  cancelInterestPayment: operation(LOAN_OPERATION_BODIES.cancelInterestPayment, ({ loan, actor }, body) => ({
    change: machine.cancelInterestPayment(loan, actor, body),
    action: 'cancel-interest-payment',
  })),
  acceptRepayment: operation(LOAN_OPERATION_BODIES.acceptRepayment, ({ loan, actor }, body) => ({
    change: machine.acceptRepayment(loan, actor, body),
    action: 'accept-repayment',
  })),
  confirmExternalDisbursement: operation(
    LOAN_OPERATION_BODIES.confirmExternalDisbursement,
    ({ loan, actor }, body) => ({
      change: machine.confirmExternalDisbursement(loan, actor, body),
      action: 'confirm-external-disbursement',
    }),
  ),
  estimateLtv: operation(estimateBody, ({ loan, org, actor, prices }, body) => ({
    answer: estimate(loan, org, body, actor.now, prices),
  })),
} satisfies { [K in LoanOperationName]: Operation<BodyOf<K>> };

const BY_MEDIA_TYPE: ReadonlyMap<string, LoanOperationName> = new Map(
  (Object.keys(LOAN_OPERATION_MEDIA_TYPES) as LoanOperationName[]).map((name) => [
    LOAN_OPERATION_MEDIA_TYPES[name],
    name,
  ]),
);
const MEDIA_TYPES = [...BY_MEDIA_TYPE.keys()].join(', ');

function patchLoan(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  parseQuery(NO_QUERY, req.query);
  const media = mediaTypeOf(req.headers['content-type']);
  if (media === undefined) throw badRequest(`Content-Type is required: one of ${MEDIA_TYPES}`);
  const name = BY_MEDIA_TYPE.get(media);
  if (name === undefined) {
    throw badRequest(
      `Content-Type ${JSON.stringify(media.slice(0, 100))} is not a loan operation; use one of ${MEDIA_TYPES}`,
    );
  }
  const op = OPERATIONS[name] as Operation<unknown>;
  const takesNoBody = Object.keys(LOAN_OPERATION_BODIES[name].shape).length === 0;
  const raw = parseJsonObject(req.body, takesNoBody);
  const loan = findCallerLoan(req);
  const body = parseOr400(op.body, raw, { expected: describeBody(name, TITLES[name]) });
  const store = req.store;
  const now = String(store.now());
  const actor: machine.Actor = {
    organizationId: org,
    userId: req.caller.userId,
    counterpartyId: store.organization(org)?.counterparty.counterpartyId ?? '',
    now,
    prices: store.prices,
    vocabulary: store.vocabulary,
  };
  const outcome = op.run({ loan, org, actor, prices: store.prices }, body);
  if ('answer' in outcome) return json(outcome.answer);
  const portfolioId =
    (sideOf(loan, org) === 'lend' ? loan.lenderPortfolioId : loan.borrowerPortfolioId) ?? '';
  store.recordActivity(
    org,
    outcome.change.activity,
    outcome.change.description,
    req.caller.userId,
    portfolioId,
  );
  store.emit({ kind: 'loan-updated', action: outcome.action, loan });
  return json(viewLoan(loan, org));
}

export const loanActionRoutes: Route[] = [
  { method: 'PATCH', pattern: '/organizations/:organizationId/loans/:loanId', handler: patchLoan },
  ltvDryRunRoute,
];
