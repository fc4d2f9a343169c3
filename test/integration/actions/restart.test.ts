/**
 * An action whose outcome was unknown when the console stopped is listed again after a restart,
 * from the journal, and still refuses a duplicate until it is checked or settled.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActionResult, PreparedAction, UnsettledAction } from '../../../src/shared/actions';
import { canApprove, loanSide } from '../../../src/shared/loan-actions';
import type { Loan } from '../../../src/shared/platform/resources';
import { startTestApp } from '../../support/main-app';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The console on `dir`, kept when it closes: a restart starts again on the same data. */
const start = (dir: string) =>
  startTestApp('restart', { timeoutMs: 1_000 }, { dataDir: dir, keepDataDir: true });

describe('unsettled actions across a restart', () => {
  it('come back from the journal, block a duplicate, and can still be checked', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'copper-restart-'));
    const first = await start(dataDir);
    const ws = (await first.value<{ activeId: string }>('workspaces.list', {})).activeId;
    const org = first.app.sandbox.organizationId;
    const loans = await first.value<{ items: Loan[] }>('loans.list', {
      workspaceId: ws,
      statuses: ['awaiting-approval'],
    });
    const loan = loans.items.find((l) => canApprove(l, loanSide(l, org)).ok);
    if (!loan) throw new Error('no loan to approve');
    await fetch(`${first.app.sandbox.controlUrl}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': first.app.sandbox.controlToken },
      body: JSON.stringify({
        method: 'PATCH',
        pathPrefix: '/organizations/',
        mode: '500-before-commit',
        times: 1,
      }),
    });
    const prepared = await first.value<PreparedAction>('actions.prepare', {
      workspaceId: ws,
      action: { kind: 'loans.approve', loanId: loan.loanId },
    });
    const result = await first.value<ActionResult>('actions.execute', { id: prepared.id });
    expect(result.outcome).toBe('unknown');
    await first.close();

    const second = await start(dataDir);
    try {
      let unsettled: UnsettledAction[] = [];
      for (let i = 0; i < 100 && unsettled.length === 0; i++) {
        unsettled = await second.value<UnsettledAction[]>('actions.unsettled', {});
        if (unsettled.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(unsettled).toHaveLength(1);
      expect(unsettled[0]?.prepared).toMatchObject({
        id: prepared.id,
        kind: 'loans.approve',
        target: `Loan ${loan.loanId}`,
      });
      expect(unsettled[0]?.result.outcome).toBe('unknown');
      // The same action on the same loan is refused until this one is settled.
      const again = await second.app.router.dispatch('actions.prepare', {
        workspaceId: ws,
        action: { kind: 'loans.approve', loanId: loan.loanId },
      });
      expect(!again.ok && again.error.code).toBe('action-in-progress');
      const checked = await second.value<{ settled: string | null }>('actions.check', { id: prepared.id });
      expect(checked.settled).toBe('not-done'); // the 500 came before the sandbox committed
      expect(await second.value<UnsettledAction[]>('actions.unsettled', {})).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
