/**
 * The risk board's server state (src/renderer/src/features/risk/queries.ts): the watch's events
 * into the cache (a shown board re-reads when a cycle ends, alerts arrive newest first, the last
 * cycle's failure is kept), and the calls' answers put in place.
 */
import { describe, expect, it } from 'vitest';

import { ok } from '@shared/result';
import type { RiskAlert, RiskBoard } from '@shared/risk';
import {
  acknowledgeRisk,
  FULL_PARAMS,
  HEAD_PARAMS,
  riskAlertsQuery,
  riskBoardQuery,
  subscribeRiskEvents,
  watchFailureQuery,
} from '../../../../src/renderer/src/features/risk/queries';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.onClose(subscribeRiskEvents(fx.client));
});

const board = (tag: string) => ({ workspaceId: 'a', lastCycleAt: tag, loans: [] }) as unknown as RiskBoard;
const alert = (loanId: string, kind: RiskAlert['kind'], workspaceId = 'a') =>
  ({ workspaceId, loanId, kind, title: kind, body: '', at: '0', desktopNotified: true }) as RiskAlert;

function showBoard(wsId: string) {
  const shown = q.show<RiskBoard>(riskBoardQuery(wsId, FULL_PARAMS));
  return () => shown()?.lastCycleAt;
}

describe("the watch's events", () => {
  it("re-reads a shown board when its workspace's cycle ends, and records the cycle's failure", async () => {
    let cycle = 0;
    q.copper.respond('risk.board', () => ok(board(`cycle ${(cycle += 1)}`)));
    const shown = showBoard('a');
    await settle();
    expect(shown()).toBe('cycle 1');
    q.copper.emit('risk-changed', { workspaceId: 'b' });
    await settle();
    expect(q.copper.of('risk.board')).toHaveLength(1);
    const failure = { at: '1', message: 'HTTP 500', retryAt: '2' };
    q.copper.emit('risk-changed', { workspaceId: 'a', failure });
    await settle();
    expect(shown()).toBe('cycle 2');
    expect(q.client.getQueryData(watchFailureQuery('a').queryKey)).toMatchObject({ failure });
    q.copper.emit('risk-changed', { workspaceId: 'a', failure: null });
    expect(q.client.getQueryData(watchFailureQuery('a').queryKey)).toMatchObject({ failure: null });
  });

  it('keeps alerts newest first, at most 50', () => {
    for (let i = 0; i < 60; i += 1) q.copper.emit('risk-alert', alert(`loan-${i}`, 'warning'));
    const alerts = q.client.getQueryData(riskAlertsQuery.queryKey) ?? [];
    expect(alerts).toHaveLength(50);
    expect(alerts[0]?.loanId).toBe('loan-59');
  });
});

describe('acknowledge', () => {
  it("puts the answer's board under every parameter set and drops the loan's margin-call alerts", async () => {
    q.client.setQueryData(riskBoardQuery('a', HEAD_PARAMS).queryKey, board('head'));
    q.client.setQueryData(riskBoardQuery('a', FULL_PARAMS).queryKey, board('full'));
    q.client.setQueryData(riskBoardQuery('b', FULL_PARAMS).queryKey, board('other workspace'));
    for (const a of [
      alert('x', 'margin-call'),
      alert('x', 'reminder'),
      alert('x', 'healthy'),
      alert('y', 'reminder'),
    ])
      q.copper.emit('risk-alert', a);
    q.copper.answerWith('risk.acknowledge', board('acknowledged'));
    const res = await acknowledgeRisk('a', 'x', q.client);
    expect(res.ok).toBe(true);
    expect(q.copper.of('risk.acknowledge').map((c) => c.input)).toEqual([{ workspaceId: 'a', loanId: 'x' }]);
    expect(q.client.getQueryData(riskBoardQuery('a', HEAD_PARAMS).queryKey)?.lastCycleAt).toBe(
      'acknowledged',
    );
    expect(q.client.getQueryData(riskBoardQuery('a', FULL_PARAMS).queryKey)?.lastCycleAt).toBe(
      'acknowledged',
    );
    expect(q.client.getQueryData(riskBoardQuery('b', FULL_PARAMS).queryKey)?.lastCycleAt).toBe(
      'other workspace',
    );
    const left = (q.client.getQueryData(riskAlertsQuery.queryKey) ?? []).map((a) => `${a.loanId}:${a.kind}`);
    expect(left).toEqual(['y:reminder', 'x:healthy']);
  });
});
