/**
 * risk.* handlers through the router (the watch's behaviour: test/unit/risk/*). `risk.alerts`
 * answers the watch's own log, one workspace's or all, without resolving a workspace or asking
 * the platform; the contract checks its input first.
 */
import { describe, expect, it } from 'vitest';
import { riskHandlers } from '../../../src/main/handlers/risk-handlers';
import type { Logger } from '../../../src/main/log/logger';
import type { PlatformClients } from '../../../src/main/platform/platform-clients';
import type { RiskWatch } from '../../../src/main/risk/risk-watch';
import { createRouter } from '../../../src/main/router/router';
import type { RiskAlert } from '../../../src/shared/risk';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const alert = (workspaceId: string, loanId: string) =>
  ({
    workspaceId,
    loanId,
    kind: 'margin-call',
    title: '',
    body: '',
    at: '1',
    desktopNotified: false,
  }) as RiskAlert;
const RAISED = [alert('w1', 'L1'), alert('w2', 'L2'), alert('w1', 'L3')];

function router() {
  const resolved: string[] = [];
  const watch = {
    alerts: (workspaceId?: string) =>
      workspaceId === undefined ? RAISED : RAISED.filter((a) => a.workspaceId === workspaceId),
  } as unknown as RiskWatch;
  const clients = {
    forWorkspace: (id: string) => {
      resolved.push(id);
      throw new Error('risk.alerts must not resolve a workspace');
    },
  } as unknown as PlatformClients;
  const handlers = riskHandlers({ watch, clients });
  return { r: createRouter(handlers as Parameters<typeof createRouter>[0], log), resolved };
}

describe('risk handlers', () => {
  it("risk.alerts answers the watch's alerts: one workspace's, or every workspace's", async () => {
    const { r, resolved } = router();
    expect(await r.dispatch('risk.alerts', { workspaceId: 'w1' })).toEqual({
      ok: true,
      value: [RAISED[0], RAISED[2]],
    });
    expect(await r.dispatch('risk.alerts', {})).toEqual({ ok: true, value: RAISED });
    expect(await r.dispatch('risk.alerts', { workspaceId: 'w9' })).toEqual({ ok: true, value: [] });
    expect(resolved).toEqual([]);
  });

  it('risk.alerts refuses a malformed workspace id before the handler', async () => {
    const { r } = router();
    expect(await r.dispatch('risk.alerts', { workspaceId: 42 })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
  });
});
