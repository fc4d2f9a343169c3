/**
 * The contract calls of actions and of the LTV reads (src/renderer/src/components/actions/queries.ts):
 * the unknown list and the guard's counters re-read when the main side says they changed, a
 * settled check leaves the list, and the LTV reads are one call each (never prepare/execute) whose
 * request is previewed as the main side builds it.
 */
import { describe, expect, it } from 'vitest';
import { ok } from '@shared/result';
import {
  checkAction,
  estimateLtv,
  guardStatusQuery,
  ltvDryRun,
  previewEstimateLtv,
  previewLtvDryRun,
  settleAction,
  subscribeActionEvents,
  unsettledActionsQuery,
} from '../../../../src/renderer/src/components/actions/queries';
import { useVerdicts } from '../../../../src/renderer/src/components/actions/verdicts';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.onClose(subscribeActionEvents(fx.client));
});

const show = q.show;

describe('the unknown list and the guard', () => {
  it('re-read when the main side says they changed, each only for what changed', async () => {
    let listed = 0;
    q.copper.respond('actions.unsettled', () => ok(Array.from({ length: ++listed }, () => ({}))));
    q.copper.respond('guard.status', () => ok({ refusing: null }));
    const unsettled = show<unknown[]>(unsettledActionsQuery);
    show(guardStatusQuery('a'));
    await settle();
    expect(unsettled()).toHaveLength(1);
    expect(q.copper.of('guard.status')).toHaveLength(1);

    q.copper.emit('actions-changed', null);
    await settle();
    expect(unsettled()).toHaveLength(2);
    q.copper.emit('guard-changed', { workspaceId: 'b' });
    await settle();
    expect(q.copper.of('guard.status')).toHaveLength(1);
    q.copper.emit('guard-changed', { workspaceId: 'a' });
    await settle();
    expect(q.copper.of('guard.status').map((c) => c.input)).toEqual([
      { workspaceId: 'a' },
      { workspaceId: 'a' },
    ]);
  });

  it('a check that settles the action re-reads the list; one that cannot tell does not', async () => {
    q.copper.answerWith('actions.unsettled', []);
    show(unsettledActionsQuery);
    await settle();
    q.copper.answerWith('actions.check', { id: 'act_1', settled: null, found: 'unknown' });
    await checkAction('act_1', q.client);
    await settle();
    expect(q.copper.of('actions.unsettled')).toHaveLength(1);
    q.copper.answerWith('actions.check', { id: 'act_1', settled: 'done', found: 'approved' });
    await checkAction('act_1', q.client);
    await settle();
    expect(q.copper.of('actions.unsettled')).toHaveLength(2);
  });

  it('keeps the verdict of a settlement for every view of the action, by check or by the operator', async () => {
    q.copper.answerWith('actions.unsettled', []);
    q.copper.answerWith('actions.check', { id: 'act_2', settled: null, found: 'still waiting' });
    await checkAction('act_2', q.client);
    expect(useVerdicts.getState().settled['act_2']).toBeUndefined();
    q.copper.answerWith('actions.check', { id: 'act_2', settled: 'done', found: 'approved' });
    await checkAction('act_2', q.client);
    expect(useVerdicts.getState().settled['act_2']).toMatchObject({
      settled: 'done',
      found: 'approved',
      by: 'check',
    });
    q.copper.answerWith('actions.settle', { id: 'act_3', settled: 'not-done', found: 'not on the exchange' });
    await settleAction({ id: 'act_3', settled: 'not-done', note: 'not on the exchange' }, q.client);
    expect(useVerdicts.getState().settled['act_3']).toMatchObject({ settled: 'not-done', by: 'operator' });
  });
});

describe('the LTV reads', () => {
  const workspace = { baseUrl: 'https://api.example.com/platform/', organizationId: 'org 1' };

  it('are one contract call each, never prepared or executed as actions', async () => {
    q.copper.answerWith('loans.estimateLtv', { answer: {}, sent: {} });
    q.copper.answerWith('loans.ltvDryRun', { answer: {}, sent: {} });
    await estimateLtv('w', { loanId: 'L1', amount: '5' });
    await ltvDryRun('w', { body: { loanAmount: '1' } });
    expect(q.copper.calls.map((c) => [c.name, c.input])).toEqual([
      ['loans.estimateLtv', { workspaceId: 'w', loanId: 'L1', amount: '5' }],
      ['loans.ltvDryRun', { workspaceId: 'w', body: { loanAmount: '1' } }],
    ]);
  });

  it('preview the exact request: the URL under the base path, the media type and the body bytes', () => {
    expect(previewEstimateLtv(workspace, { loanId: 'L/1', amount: '5', includeInterest: true })).toEqual({
      ok: true,
      value: {
        method: 'PATCH',
        url: 'https://api.example.com/platform/organizations/org%201/loans/L%2F1',
        contentType: 'application/vnd.estimate-loan-ltv+json',
        body: '{"amount":"5","includeInterest":true}',
      },
    });
    const dry = previewLtvDryRun(workspace, { body: { b: '1', a: ['x'] } });
    expect(dry.ok && [dry.value.url, dry.value.contentType, dry.value.body]).toEqual([
      'https://api.example.com/platform/organizations/org%201/loans',
      'application/vnd.calculate-ltv-dry-run+json',
      '{"b":"1","a":["x"]}',
    ]);
    expect(previewEstimateLtv(workspace, { loanId: '..' }).ok).toBe(false);
  });
});
