/**
 * The risk board's server state (src/renderer/src/features/risk/queries.ts): the watch's events
 * into the cache (a shown board re-reads when a cycle ends, alerts join their loan's line, the last
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
import { EMPTY_BOOK, linesOf } from '../../../../src/renderer/src/features/risk/alert-book';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.onClose(subscribeRiskEvents(fx.client));
});

const board = (tag: string) => ({ workspaceId: 'a', lastCycleAt: tag, loans: [] }) as unknown as RiskBoard;
const alert = (loanId: string, kind: RiskAlert['kind'], workspaceId = 'a') =>
  ({ workspaceId, loanId, kind, title: kind, body: '', at: '0', desktopNotified: true }) as RiskAlert;

/** `loan:kind:open|answered` of workspace a's lines, in the centre's order. */
const shownLines = () =>
  linesOf(q.client.getQueryData(riskAlertsQuery.queryKey) ?? EMPTY_BOOK, 'a').map(
    (l) => `${l.loanId}:${l.latest.kind}:${l.acknowledged ? 'answered' : 'open'}`,
  );

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

  it("reads the watch's alerts once, folded with events: an alert both bring is one alert", async () => {
    const [read, ...again] = q.copper.of('risk.alerts');
    expect(read?.input).toEqual({});
    expect(again).toEqual([]);
    const raisedDuringRead = { ...alert('x', 'reminder'), at: '2' };
    q.copper.emit('risk-alert', raisedDuringRead);
    read?.answer(ok([alert('x', 'margin-call'), alert('y', 'default'), raisedDuringRead]));
    await settle();
    // The event repeats one the read returned (raised between the read and its answer).
    q.copper.emit('risk-alert', raisedDuringRead);
    expect(shownLines()).toEqual(['y:default:open', 'x:reminder:open']);
    const book = q.client.getQueryData(riskAlertsQuery.queryKey) ?? EMPTY_BOOK;
    expect(linesOf(book, 'a').map((l) => l.history.length)).toEqual([1, 2]);
    // A view of the centre does not read again: events keep the book.
    q.show(riskAlertsQuery);
    await settle();
    expect(q.copper.of('risk.alerts')).toHaveLength(1);
  });

  it('margin calls the board says are acknowledged come back answered', async () => {
    const T = '1700000000000';
    q.copper
      .of('risk.alerts')[0]
      ?.answer(ok([{ ...alert('x', 'margin-call'), at: T }, alert('y', 'reminder')]));
    await settle();
    expect(shownLines()).toEqual(['y:reminder:open', 'x:margin-call:open']);
    q.copper.answerWith('risk.board', {
      ...board('b1'),
      tracked: { x: { band: 'margin-call', acknowledgedAt: T } },
    });
    showBoard('a');
    await settle();
    expect(shownLines()).toEqual(['y:reminder:open', 'x:margin-call:answered']);
  });

  it("puts each alert on its loan's line, in the loan's latest state", () => {
    for (const a of [alert('x', 'margin-call'), alert('y', 'warning'), alert('x', 'healthy')])
      q.copper.emit('risk-alert', a);
    expect(shownLines()).toEqual(['y:warning:open', 'x:healthy:open']);
  });
});

describe('acknowledge', () => {
  it("puts the answer's board under every parameter set and marks the loan's line answered", async () => {
    q.client.setQueryData(riskBoardQuery('a', HEAD_PARAMS).queryKey, board('head'));
    q.client.setQueryData(riskBoardQuery('a', FULL_PARAMS).queryKey, board('full'));
    q.client.setQueryData(riskBoardQuery('b', FULL_PARAMS).queryKey, board('other workspace'));
    for (const a of [alert('x', 'margin-call'), alert('x', 'reminder'), alert('y', 'reminder')])
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
    expect(shownLines()).toEqual(['y:reminder:open', 'x:reminder:answered']);
  });
});
