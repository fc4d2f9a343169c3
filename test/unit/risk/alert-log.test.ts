/**
 * The risk watch's alert log (src/main/risk/alert-log.ts): what a reloaded alert centre reads
 * back. Oldest first, per workspace or interleaved across workspaces in raising order, and bounded
 * per workspace (the oldest dropped) without one workspace's flood pushing out another's alerts.
 */
import { describe, expect, it } from 'vitest';
import { ALERT_LOG_CAP, AlertLog } from '../../../src/main/risk/alert-log';
import type { RiskAlert } from '../../../src/shared/risk';

const alert = (workspaceId: string, loanId: string, at = '1000') =>
  ({
    workspaceId,
    loanId,
    kind: 'margin-call',
    title: '',
    body: '',
    at,
    desktopNotified: false,
  }) as RiskAlert;
const ids = (alerts: RiskAlert[]) => alerts.map((a) => `${a.workspaceId}/${a.loanId}`);

describe('AlertLog', () => {
  it('lists oldest first: one workspace, or all in the order they were raised', () => {
    const log = new AlertLog();
    // Raising order, not the alerts' own times, is the order.
    log.append(alert('a', 'L1', '3000'));
    log.append(alert('b', 'L2', '1000'));
    log.append(alert('a', 'L3', '2000'));
    expect(ids(log.list('a'))).toEqual(['a/L1', 'a/L3']);
    expect(ids(log.list('b'))).toEqual(['b/L2']);
    expect(ids(log.list())).toEqual(['a/L1', 'b/L2', 'a/L3']);
    expect(log.list('unknown')).toEqual([]);
  });

  it('keeps the last `cap` alerts of each workspace, dropping the oldest', () => {
    const log = new AlertLog(3);
    for (let i = 1; i <= 5; i++) log.append(alert('a', `L${i}`));
    log.append(alert('b', 'M1'));
    expect(ids(log.list('a'))).toEqual(['a/L3', 'a/L4', 'a/L5']);
    expect(ids(log.list())).toEqual(['a/L3', 'a/L4', 'a/L5', 'b/M1']);
  });

  it('is bounded by default at ALERT_LOG_CAP per workspace', () => {
    const log = new AlertLog();
    for (let i = 0; i < ALERT_LOG_CAP + 10; i++) log.append(alert('a', `L${i}`));
    const kept = log.list('a');
    expect(ALERT_LOG_CAP).toBe(2_000);
    expect(kept).toHaveLength(ALERT_LOG_CAP);
    expect(kept[0]?.loanId).toBe('L10');
    expect(kept.at(-1)?.loanId).toBe(`L${ALERT_LOG_CAP + 9}`);
  });
});
