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
 * A 2xx is judged by the action's kind (src/main/actions/kinds/: its `answered`), against what was
 * asked (issue 25): a loan answer must be the same loan and must not show the loan or allocation
 * still waiting for the action (judged as Check now judges it); an exchange answer must carry one
 * status per entry sent. A mismatch is unknown with Check now, never failed and never resent.
 */
import type { ActionKind, ActionOutcome, ActionResult } from '../../shared/actions';
import type { AppError, ErrorCode, Result } from '../../shared/result';
import { specOf } from './kinds';
import { DO_NOT_RESEND, type CheckTarget } from './kinds/kind-spec';

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
  return `Outcome unknown: the request may have reached the platform, but ${why}. ${DO_NOT_RESEND}`;
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
  return { id, kind, ...specOf(kind).answered(result.value, asked) };
}
