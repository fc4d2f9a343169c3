/**
 * How an action's answer becomes one of three honest outcomes:
 *
 * - done: the platform answered 2xx with what the specification promises;
 * - refused: the platform or the console said no, and nothing happened (4xx, a refusal before
 *   sending, a connection that provably never carried the request);
 * - unknown: the request may have reached the platform and no clear answer came back (a timeout, a
 *   dropped connection, a 5xx, an unreadable or unexpected answer, anything not listed as refused).
 *
 * Unknown is the default: a code added later is never taken for "nothing happened" by accident.
 *
 * A 2xx is checked against what was asked (issue 25): a loan answer must be the same loan and must
 * not show the loan or allocation still waiting for the action (check-now.ts judges it, so "Check
 * now" later reads it the same way); an exchange answer must carry one status per entry sent. A
 * mismatch is unknown with Check now, never failed and never resent.
 */
import type { ActionKind, ActionOutcome, ActionResult } from '../../shared/actions';
import { readExchangeAnswer, type ExchangeVerdict } from '../../shared/exchange-actions';
import { judgeLoan, type CheckTarget } from './check-now';
import type { Loan } from '../../shared/platform/resources';
import type { AppError, ErrorCode, Result } from '../../shared/result';

/** Codes that mean the platform did not act: it refused, or the request never left the console. */
const REFUSED_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'bad-request',
  'forbidden',
  'conflict',
  'not-found',
  'auth-failed',
  'rate-limited',
  'clock-skew',
  'no-key',
  'keychain-unavailable',
  'vault-locked',
  'vault-passphrase',
  'bad-input',
  'guard-refused',
  'workspace-not-found',
  'prepared-expired',
  'prepared-used',
  'confirmation-required',
  'action-in-progress',
  'journal-unwritable',
  'review-changed',
]);

export function outcomeOfFailure(error: AppError): Exclude<ActionOutcome, 'done'> {
  if (error.delivery === 'not-sent') return 'refused';
  if (REFUSED_CODES.has(error.code)) return 'refused';
  // Any other status in the 4xx range is the platform's refusal; 3xx (not followed) and the rest
  // say nothing about whether it acted.
  if (error.code === 'http-error' && error.status !== undefined && error.status >= 400 && error.status <= 499)
    return 'refused';
  return 'unknown';
}

function refusedHeadline(error: AppError): string {
  if (error.delivery === 'not-sent' || error.status === undefined)
    return `Not sent: ${error.message} Nothing happened on the platform.`;
  const code = error.platformError ? ` ${error.platformError}` : '';
  return `Refused by the platform (HTTP ${error.status}${code}): ${error.message} Nothing happened.`;
}

function unknownHeadline(error: AppError): string {
  const why =
    error.code === 'timeout'
      ? 'no answer came in time'
      : error.code === 'server-error'
        ? `the platform failed while answering (HTTP ${error.status ?? '5xx'})`
        : error.code === 'bad-response'
          ? 'its answer could not be read'
          : 'the connection ended without an answer';
  return (
    `Outcome unknown: the request may have reached the platform, but ${why}. ` +
    'Do not send it again: check what the platform did first.'
  );
}

const DO_NOT_RESEND = 'Do not send it again: check what the platform did first.';

function exchangeHeadline(exchange: ExchangeVerdict, errors: number): string {
  const n = exchange.statuses.length;
  switch (exchange.verdict) {
    case 'all-ok':
      return `The exchange accepted it${n ? ` (${n} of ${n} entries ok)` : ''}.`;
    case 'partly-failed':
      return `Partly failed: the exchange refused ${errors} of ${n} entries; the others went through.`;
    case 'failed':
      return `Failed: the exchange refused it${exchange.message ? `: ${exchange.message}` : ' (every entry has an error)'}.`;
    case 'unknown': {
      const sent = exchange.sent ?? n;
      const missing = exchange.unanswered ?? 0;
      const which =
        missing > 0
          ? `the fate of ${missing} ${missing === 1 ? 'entry is' : 'entries are'} unknown`
          : `${-missing} more status${-missing === 1 ? '' : 'es'} than entries came back, so none can be matched for sure`;
      return `Outcome unknown: the exchange answered for ${n} of the ${sent} entries sent; ${which}. ${DO_NOT_RESEND}`;
    }
  }
}

const LOAN_ACTIONS_THAT_CHANGE: ReadonlySet<ActionKind> = new Set<ActionKind>([
  'loans.approve',
  'loans.cancelInterestPayment',
  'loans.acceptRepayment',
  'loans.confirmExternalDisbursement',
]);

/** Why a 2xx loan answer does not show what was asked; null when it is consistent with it. */
function loanMismatch(answer: unknown, asked: CheckTarget): string | null {
  const answered: unknown =
    typeof answer === 'object' && answer !== null ? (answer as { loanId?: unknown }).loanId : undefined;
  if (asked.loanId !== undefined && answered !== asked.loanId)
    return `The answer is ${typeof answered === 'string' ? `loan ${answered.slice(0, 80)}` : 'not a loan with an id'}, not loan ${asked.loanId}.`;
  const judged = judgeLoan(asked, answer as Loan);
  return judged.settled === 'not-done' ? judged.found : null;
}

/**
 * The outcome of one executed action, from the client's result. `asked`: what was sent (the loan
 * and allocation acted on, the exchange entries), to check a 2xx answer against.
 */
export function classifyResult(
  id: string,
  kind: ActionKind,
  result: Result<unknown>,
  asked?: CheckTarget,
): ActionResult {
  if (!result.ok) {
    const outcome = outcomeOfFailure(result.error);
    return {
      id,
      kind,
      outcome,
      headline: outcome === 'refused' ? refusedHeadline(result.error) : unknownHeadline(result.error),
      error: result.error,
      ...(result.error.status !== undefined ? { status: result.error.status } : {}),
    };
  }
  if (kind === 'exchange.submit') {
    const exchange = readExchangeAnswer(result.value, asked?.entries);
    const errors = exchange.statuses.filter((s) => s.kind === 'error').length;
    // A refusal of every entry is a refusal: nothing happened on the exchange.
    const outcome: ActionOutcome =
      exchange.verdict === 'failed' ? 'refused' : exchange.verdict === 'unknown' ? 'unknown' : 'done';
    const headline = exchangeHeadline(exchange, errors);
    return { id, kind, outcome, headline, answer: result.value, exchange, status: 200 };
  }
  if (kind === 'loans.ltvDryRun') {
    return {
      id,
      kind,
      outcome: 'done',
      headline: 'The platform answered the dry run.',
      answer: result.value,
    };
  }
  if (asked !== undefined && LOAN_ACTIONS_THAT_CHANGE.has(kind)) {
    const mismatch = loanMismatch(result.value, asked);
    if (mismatch !== null)
      return {
        id,
        kind,
        outcome: 'unknown',
        headline: `Answered, but the loan does not show it: check now. ${mismatch} ${DO_NOT_RESEND}`,
        answer: result.value,
        status: 200,
      };
  }
  const loan = result.value as Loan;
  const headline =
    kind === 'loans.estimateLtv'
      ? `The platform's estimate: LTV ${loan.debtRatio ?? 'not given'}.`
      : `Done: the platform returned the loan in status “${loan.status}”.`;
  return { id, kind, outcome: 'done', headline, answer: result.value, loan };
}
