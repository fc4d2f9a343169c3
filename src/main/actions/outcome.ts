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
 */
import type { ActionKind, ActionOutcome, ActionResult } from '../../shared/actions';
import { readExchangeAnswer } from '../../shared/exchange-actions';
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

/** The outcome of one executed action, from the client's result. */
export function classifyResult(id: string, kind: ActionKind, result: Result<unknown>): ActionResult {
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
    const exchange = readExchangeAnswer(result.value);
    const errors = exchange.statuses.filter((s) => s.kind === 'error').length;
    const headline =
      exchange.verdict === 'all-ok'
        ? `The exchange accepted it${exchange.statuses.length ? ` (${exchange.statuses.length} of ${exchange.statuses.length} entries ok)` : ''}.`
        : exchange.verdict === 'partly-failed'
          ? `Partly failed: the exchange refused ${errors} of ${exchange.statuses.length} entries; the others went through.`
          : `Failed: the exchange refused it${exchange.message ? `: ${exchange.message}` : ' (every entry has an error)'}.`;
    // A refusal of every entry is a refusal: nothing happened on the exchange.
    const outcome: ActionOutcome = exchange.verdict === 'failed' ? 'refused' : 'done';
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
  const loan = result.value as Loan;
  const headline =
    kind === 'loans.estimateLtv'
      ? `The platform's estimate: LTV ${loan.debtRatio ?? 'not given'}.`
      : `Done: the platform returned the loan in status “${loan.status}”.`;
  return { id, kind, outcome: 'done', headline, answer: result.value, loan };
}
