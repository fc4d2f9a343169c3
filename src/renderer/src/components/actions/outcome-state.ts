/**
 * What the outcome box says, from the first answer and what was learnt since (issue 29): its
 * title, tone and test state follow the action, so that a settled action no longer reads "Outcome
 * unknown", and an action that never left the console reads "Not sent", never "Refused".
 *
 *   done              the platform did it                          green
 *   refused           the platform answered with a refusal         red
 *   not-sent          the request never left (the console refused, the connection was refused,
 *                     the name did not resolve): nothing happened   neutral
 *   unknown           it may have reached the platform              amber
 *   settled-done      unknown, then Check now / the operator found it took effect        green
 *   settled-not-done  unknown, then found it did not take effect                       neutral
 */
import type { ActionResult } from '@shared/actions';
import { settledTitle, type SettledVerdict } from './verdicts';

export type OutcomeState = 'done' | 'refused' | 'not-sent' | 'unknown' | 'settled-done' | 'settled-not-done';
export type OutcomeTone = 'done' | 'refused' | 'not-sent' | 'unknown' | 'not-done';

export interface OutcomeText {
  state: OutcomeState;
  tone: OutcomeTone;
  title: string;
}

/**
 * A refusal without an answer from the platform: the console refused it, or the request provably
 * never left (a connection or name failure). The main side's headline says "Not sent" for exactly
 * these (src/main/actions/outcome.ts).
 */
export function neverLeft(result: Pick<ActionResult, 'outcome' | 'error'>): boolean {
  const error = result.error;
  return (
    result.outcome === 'refused' &&
    error !== undefined &&
    (error.delivery === 'not-sent' || error.status === undefined)
  );
}

export function outcomeText(result: ActionResult, settled?: SettledVerdict): OutcomeText {
  if (result.outcome === 'unknown' && settled !== undefined) {
    return settled.settled === 'done'
      ? { state: 'settled-done', tone: 'done', title: settledTitle('done') }
      : { state: 'settled-not-done', tone: 'not-done', title: settledTitle('not-done') };
  }
  if (result.outcome === 'done') return { state: 'done', tone: 'done', title: 'Done' };
  if (result.outcome === 'unknown') return { state: 'unknown', tone: 'unknown', title: 'Outcome unknown' };
  return neverLeft(result)
    ? { state: 'not-sent', tone: 'not-sent', title: 'Not sent' }
    : { state: 'refused', tone: 'refused', title: 'Refused' };
}
