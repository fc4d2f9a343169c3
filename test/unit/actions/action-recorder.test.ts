/**
 * ActionRecorder on its own, against a journal that refuses on demand: which entries are written,
 * which are kept for later and in what order they are tried again, the exact refusal `blocked`
 * gives (answer or outcome, the action and the error), the damage mark, and the operator field.
 * The action service's use of it is in action-service.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { ActionRecorder } from '../../../src/main/actions/action-recorder';
import type { ActionJournal, ActionJournalRecord } from '../../../src/main/actions/journal-sink';
import type { PreparedAction } from '../../../src/shared/actions';

function preparedAction(id: string, workspaceId = 'ws-a'): PreparedAction {
  return {
    id,
    kind: 'loans.approve',
    title: 'Approve loan',
    workspace: {
      id: workspaceId,
      name: `Desk ${workspaceId}`,
      environment: 'sandbox',
      organizationId: 'org-1',
    },
    target: 'Loan L-1',
    request: {
      method: 'PATCH',
      url: 'http://127.0.0.1:9/loans/L-1',
      contentType: 'application/json',
      body: '{}',
    },
    fields: [],
    context: [],
    preparedAt: '1000',
    expiresAt: '2000',
    phraseRequired: null,
    review: { baseUrl: 'http://127.0.0.1:9', keyFingerprint: 'fp' },
  };
}

/** Keeps what it accepted; `refuse` decides per record; every attempt is in `tried`. */
class FakeJournal implements ActionJournal {
  readonly written: ActionJournalRecord[] = [];
  readonly tried: ActionJournalRecord[] = [];
  refuse: (record: ActionJournalRecord) => unknown = () => false;
  damaged: string | null | Error = null;

  async append(record: ActionJournalRecord): Promise<unknown> {
    this.tried.push(record);
    const refusal = this.refuse(record);
    if (refusal instanceof Error || typeof refusal === 'string') throw refusal;
    if (refusal === true) throw new Error('ENOSPC: no space left on device');
    this.written.push(record);
    return {};
  }

  async damage(): Promise<string | null> {
    if (this.damaged instanceof Error) throw this.damaged;
    return this.damaged;
  }
}

const steps = (records: ActionJournalRecord[]) => records.map((r) => [r.step, r.actionId]);

describe('record', () => {
  it('writes the entry with the operator and answers null; with no journal it answers null too', async () => {
    const journal = new FakeJournal();
    const recorder = new ActionRecorder({ journal, operator: () => 'alice' });
    expect(await recorder.record(preparedAction('a1'), 'prepared', { keyId: 'kf' })).toBeNull();
    expect(journal.written).toEqual([
      {
        step: 'prepared',
        actionId: 'a1',
        action: 'loans.approve',
        workspaceId: 'ws-a',
        workspaceName: 'Desk ws-a',
        environment: 'sandbox',
        object: 'Loan L-1',
        keyId: 'kf',
        operator: 'alice',
      },
    ]);
    expect(await new ActionRecorder({}).record(preparedAction('a2'), 'prepared', {})).toBeNull();
  });

  it('leaves the operator out when it is empty or not given', async () => {
    const journal = new FakeJournal();
    await new ActionRecorder({ journal, operator: () => '' }).record(preparedAction('a1'), 'prepared', {});
    await new ActionRecorder({ journal }).record(preparedAction('a2'), 'prepared', {});
    expect(journal.written.map((r) => 'operator' in r)).toEqual([false, false]);
  });

  it('answers why the journal refused, and logs the step and action', async () => {
    const journal = new FakeJournal();
    const log = vi.fn();
    const recorder = new ActionRecorder({ journal, log });
    journal.refuse = () => true;
    expect(await recorder.record(preparedAction('a1'), 'sent', {})).toBe('ENOSPC: no space left on device');
    expect(log).toHaveBeenCalledWith('could not write "sent" of a1 to the journal', expect.any(Error));
    journal.refuse = () => 'disk gone';
    expect(await recorder.record(preparedAction('a1'), 'sent', {})).toBe('disk gone');
  });
});

describe('recordOrKeep and blocked', () => {
  it('a written entry keeps nothing: the workspace is not blocked and nobody is told', async () => {
    const journal = new FakeJournal();
    const onUnsettledChange = vi.fn();
    const recorder = new ActionRecorder({ journal, onUnsettledChange });
    await recorder.recordOrKeep(preparedAction('a1'), 'answered', {});
    expect(steps(journal.written)).toEqual([['answered', 'a1']]);
    expect(onUnsettledChange).not.toHaveBeenCalled();
    expect(await recorder.blocked('ws-a')).toBeNull();
  });

  it.each([
    ['answered', 'answer'],
    ['outcome', 'outcome'],
  ] as const)(
    'a kept "%s" blocks its workspace with the %s, the action and the error',
    async (step, what) => {
      const journal = new FakeJournal();
      const onUnsettledChange = vi.fn();
      const recorder = new ActionRecorder({ journal, onUnsettledChange });
      journal.refuse = () => true;
      await recorder.recordOrKeep(preparedAction('a1'), step, {});
      expect(onUnsettledChange).toHaveBeenCalledTimes(1);
      expect(await recorder.blocked('ws-a')).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: 'journal-unwritable',
          message:
            `The journal could not record the ${what} of action a1 (ENOSPC: no space left on device). ` +
            'No new action is sent from this workspace until it can: free disk space or fix the data folder; ' +
            'the console writes it again at your next action.',
        }),
      });
      // Another workspace is not blocked by it.
      expect(await recorder.blocked('ws-b')).toBeNull();
    },
  );

  it('keeps later entries behind a kept one, and writes them in order once the journal writes again', async () => {
    const journal = new FakeJournal();
    const onUnsettledChange = vi.fn();
    const recorder = new ActionRecorder({ journal, onUnsettledChange });
    journal.refuse = (r) => r.step === 'answered';
    await recorder.recordOrKeep(preparedAction('a1'), 'answered', {});
    // The outcome is not even tried while the answer waits: it must not land first.
    await recorder.recordOrKeep(preparedAction('a1'), 'outcome', { outcome: 'done' });
    expect(steps(journal.tried)).toEqual([['answered', 'a1']]);
    expect(onUnsettledChange).toHaveBeenCalledTimes(2);

    journal.refuse = () => false;
    expect(await recorder.blocked('ws-a')).toBeNull();
    expect(steps(journal.written)).toEqual([
      ['answered', 'a1'],
      ['outcome', 'a1'],
    ]);
    // Written once: the next check writes nothing again.
    expect(await recorder.blocked('ws-a')).toBeNull();
    expect(journal.written).toHaveLength(2);
  });

  it('tried again and refused again: blocked names the new error, and the entry stays kept', async () => {
    const journal = new FakeJournal();
    const recorder = new ActionRecorder({ journal });
    journal.refuse = () => true;
    await recorder.recordOrKeep(preparedAction('a1'), 'outcome', {});
    journal.refuse = () => new Error('EROFS: read-only file system');
    const first = await recorder.blocked('ws-a');
    expect(first?.error.message).toContain('(EROFS: read-only file system)');
    // Only the first kept entry was tried.
    expect(steps(journal.tried)).toEqual([
      ['outcome', 'a1'],
      ['outcome', 'a1'],
    ]);
    journal.refuse = () => false;
    expect(await recorder.blocked('ws-a')).toBeNull();
    expect(steps(journal.written)).toEqual([['outcome', 'a1']]);
  });

  it("blocks with the journal's damage in its own words; a failing damage check does not block", async () => {
    const journal = new FakeJournal();
    const recorder = new ActionRecorder({ journal });
    journal.damaged = 'the journal of ws-a failed its anchor check';
    expect(await recorder.blocked('ws-a')).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'journal-unwritable',
        message: 'the journal of ws-a failed its anchor check',
      }),
    });
    journal.damaged = new Error('keychain locked');
    expect(await recorder.blocked('ws-a')).toBeNull();
    expect(await new ActionRecorder({}).blocked('ws-a')).toBeNull();
    // A journal that keeps no damage mark never blocks by it.
    const plain = new ActionRecorder({ journal: { append: async () => ({}) } });
    expect(await plain.blocked('ws-a')).toBeNull();
  });
});
