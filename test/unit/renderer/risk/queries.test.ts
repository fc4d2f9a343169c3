/**
 * The risk board's server state (src/renderer/src/features/risk/queries.ts): the watch's events
 * into the cache (a shown board re-reads when a cycle ends, alerts arrive newest first, the last
 * cycle's failure is kept), and the calls' answers put in place.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { ok } from '@shared/result';
import type { RiskAlert, RiskBoard } from '@shared/risk';
import { createQueryClient } from '../../../../src/renderer/src/state/query-client';
import {
  acknowledgeRisk,
  FULL_PARAMS,
  HEAD_PARAMS,
  riskAlertsQuery,
  riskBoardQuery,
  subscribeRiskEvents,
  watchFailureQuery,
} from '../../../../src/renderer/src/features/risk/queries';
import { fakeCopper, settle, type FakeCopper } from '../../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;
const closers: (() => void)[] = [];

const board = (tag: string) => ({ workspaceId: 'a', lastCycleAt: tag, loans: [] }) as unknown as RiskBoard;
const alert = (loanId: string, kind: RiskAlert['kind'], workspaceId = 'a') =>
  ({ workspaceId, loanId, kind, title: kind, body: '', at: '0', desktopNotified: true }) as RiskAlert;

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
  closers.push(subscribeRiskEvents(client));
});

afterEach(() => {
  for (const close of closers.splice(0)) close();
  client.clear();
  vi.unstubAllGlobals();
});

function showBoard(wsId: string) {
  const observer = new QueryObserver(client, riskBoardQuery(wsId, FULL_PARAMS));
  closers.push(observer.subscribe(() => undefined));
  return () => observer.getCurrentResult().data?.lastCycleAt;
}

describe("the watch's events", () => {
  it("re-reads a shown board when its workspace's cycle ends, and records the cycle's failure", async () => {
    let cycle = 0;
    copper.respond('risk.board', () => ok(board(`cycle ${(cycle += 1)}`)));
    const shown = showBoard('a');
    await settle();
    expect(shown()).toBe('cycle 1');
    copper.emit('risk-changed', { workspaceId: 'b' });
    await settle();
    expect(copper.of('risk.board')).toHaveLength(1);
    const failure = { at: '1', message: 'HTTP 500', retryAt: '2' };
    copper.emit('risk-changed', { workspaceId: 'a', failure });
    await settle();
    expect(shown()).toBe('cycle 2');
    expect(client.getQueryData(watchFailureQuery('a').queryKey)).toMatchObject({ failure });
    copper.emit('risk-changed', { workspaceId: 'a', failure: null });
    expect(client.getQueryData(watchFailureQuery('a').queryKey)).toMatchObject({ failure: null });
  });

  it('keeps alerts newest first, at most 50', () => {
    for (let i = 0; i < 60; i += 1) copper.emit('risk-alert', alert(`loan-${i}`, 'warning'));
    const alerts = client.getQueryData(riskAlertsQuery.queryKey) ?? [];
    expect(alerts).toHaveLength(50);
    expect(alerts[0]?.loanId).toBe('loan-59');
  });
});

describe('acknowledge', () => {
  it("puts the answer's board under every parameter set and drops the loan's margin-call alerts", async () => {
    client.setQueryData(riskBoardQuery('a', HEAD_PARAMS).queryKey, board('head'));
    client.setQueryData(riskBoardQuery('a', FULL_PARAMS).queryKey, board('full'));
    client.setQueryData(riskBoardQuery('b', FULL_PARAMS).queryKey, board('other workspace'));
    for (const a of [
      alert('x', 'margin-call'),
      alert('x', 'reminder'),
      alert('x', 'healthy'),
      alert('y', 'reminder'),
    ])
      copper.emit('risk-alert', a);
    copper.answerWith('risk.acknowledge', board('acknowledged'));
    const res = await acknowledgeRisk('a', 'x', client);
    expect(res.ok).toBe(true);
    expect(copper.of('risk.acknowledge').map((c) => c.input)).toEqual([{ workspaceId: 'a', loanId: 'x' }]);
    expect(client.getQueryData(riskBoardQuery('a', HEAD_PARAMS).queryKey)?.lastCycleAt).toBe('acknowledged');
    expect(client.getQueryData(riskBoardQuery('a', FULL_PARAMS).queryKey)?.lastCycleAt).toBe('acknowledged');
    expect(client.getQueryData(riskBoardQuery('b', FULL_PARAMS).queryKey)?.lastCycleAt).toBe(
      'other workspace',
    );
    const left = (client.getQueryData(riskAlertsQuery.queryKey) ?? []).map((a) => `${a.loanId}:${a.kind}`);
    expect(left).toEqual(['y:reminder', 'x:healthy']);
  });
});
