/**
 * What the outcome box says (src/renderer/src/components/actions/outcome-state.ts): the title and
 * tone follow the action once it settles, and a request that never left reads "Not sent", never
 * "Refused".
 */
import { describe, expect, it } from 'vitest';
import type { ActionResult } from '@shared/actions';
import type { AppError } from '@shared/result';
import { neverLeft, outcomeText } from '../../../../src/renderer/src/components/actions/outcome-state';
import type { SettledVerdict } from '../../../../src/renderer/src/components/actions/verdicts';

const result = (outcome: ActionResult['outcome'], error?: AppError, status?: number): ActionResult => ({
  id: 'act_1',
  kind: 'loans.approve',
  outcome,
  headline: 'h',
  ...(error ? { error } : {}),
  ...(status !== undefined ? { status } : {}),
});
const verdict = (settled: SettledVerdict['settled']): SettledVerdict => ({
  settled,
  found: 'f',
  by: 'check',
  at: 0,
});

describe('outcomeText', () => {
  it.each([
    ['done', result('done'), undefined, 'done', 'done', 'Done'],
    ['unknown', result('unknown'), undefined, 'unknown', 'unknown', 'Outcome unknown'],
    ['unknown, checked: done', result('unknown'), verdict('done'), 'settled-done', 'done', 'Took effect'],
    [
      'unknown, checked: not done',
      result('unknown'),
      verdict('not-done'),
      'settled-not-done',
      'not-done',
      'Did not take effect',
    ],
    [
      'a 409 from the platform',
      result('refused', { code: 'conflict', message: 'm', status: 409 }, 409),
      undefined,
      'refused',
      'refused',
      'Refused',
    ],
    [
      'every exchange entry refused (a 200 without error)',
      result('refused', undefined, 200),
      undefined,
      'refused',
      'refused',
      'Refused',
    ],
    [
      'a connection refused',
      result('refused', { code: 'network', message: 'm', delivery: 'not-sent' }),
      undefined,
      'not-sent',
      'not-sent',
      'Not sent',
    ],
    [
      'the console refused (guard)',
      result('refused', { code: 'guard-refused', message: 'm', retryAt: '1', delivery: 'not-sent' }),
      undefined,
      'not-sent',
      'not-sent',
      'Not sent',
    ],
    [
      'the console refused (vault locked, no status)',
      result('refused', { code: 'vault-locked', message: 'm' }),
      undefined,
      'not-sent',
      'not-sent',
      'Not sent',
    ],
  ] as const)('%s', (_name, r, settled, state, tone, title) => {
    expect(outcomeText(r, settled)).toEqual({ state, tone, title });
  });

  it('a verdict changes only an unknown outcome: a done or refused answer stays what it was', () => {
    expect(outcomeText(result('done'), verdict('not-done')).state).toBe('done');
    expect(outcomeText(result('refused', undefined, 200), verdict('done')).state).toBe('refused');
  });
});

describe('neverLeft', () => {
  it('is true only for a refusal with no answer from the platform', () => {
    expect(neverLeft(result('unknown', { code: 'network', message: 'm', delivery: 'maybe-sent' }))).toBe(
      false,
    );
    expect(neverLeft(result('refused', { code: 'conflict', message: 'm', status: 409 }, 409))).toBe(false);
    expect(neverLeft(result('refused', { code: 'network', message: 'm', delivery: 'not-sent' }))).toBe(true);
  });
});
