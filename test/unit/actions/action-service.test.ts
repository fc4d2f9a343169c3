/**
 * ActionService against a fake journal and fake platform clients: the journal is written ahead of
 * every step that matters, and when it cannot be, nothing leaves ("prepared", "sent") or the
 * workspace refuses new actions until the kept entries are on disk ("answered", "outcome"). A
 * damaged journal blocks with its own words, and a "sent" entry with no outcome comes back at a
 * restart as an unsettled action that blocks its duplicate.
 */
import { describe, expect, it, vi } from 'vitest';
import { ActionService, DEFAULT_ANSWER_WITHIN_MS } from '../../../src/main/actions/action-service';
import { dedupKeyOf } from '../../../src/main/actions/dedup-key';
import {
  SENT_WITHOUT_OUTCOME,
  sentDetail,
  type ActionJournal,
  type ActionJournalRecord,
} from '../../../src/main/actions/journal-sink';
import type { JournalStep } from '../../../src/shared/journal-entries';
import type { PlatformClients } from '../../../src/main/platform/platform-clients';
import type { ActionInput } from '../../../src/shared/actions';
import { fail, ok, type Result } from '../../../src/shared/result';
import { limitOrder } from '../../support/fixtures/exchange-order';

const KEY = 'k1:0123456789abcdef01234567';
const ORG = 'org-1';

/** A limit order of size 1 at `price`: needs no read to prepare. */
const order = limitOrder;

const ACCEPTED = { status: 'ok', response: { type: 'order', data: { statuses: [{ resting: { oid: 1 } }] } } };

type Request = (req: { method: string; path: string; body?: string }) => Promise<Result<unknown>>;

/**
 * Workspaces ws-a, ws-b, … on one organization, named "Desk <id>", in `environment` (sandbox
 * unless told); `request` is what would send.
 */
function fakeClients(request: Request, environment: 'sandbox' | 'production' = 'sandbox'): PlatformClients {
  const client = { urlOf: (path: string) => `http://127.0.0.1:9/platform${path}`, request };
  return {
    forWorkspace: async (workspaceId: string) =>
      ok({
        client,
        workspace: {
          id: workspaceId,
          name: `Desk ${workspaceId}`,
          environment,
          baseUrl: 'http://127.0.0.1:9/platform',
          organizationId: ORG,
          builtIn: false,
          uiState: {},
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        keyId: KEY,
      }),
    guardFor: () => ({ admit: () => null }),
  } as unknown as PlatformClients;
}

/**
 * A journal that keeps what it accepted, in order. `refuse` decides, per record, whether the
 * append fails (as a full disk would); every attempt is noted in `tried`.
 */
class FakeJournal implements ActionJournal {
  readonly written: ActionJournalRecord[] = [];
  readonly tried: ActionJournalRecord[] = [];
  refuse: (record: ActionJournalRecord) => boolean = () => false;
  damaged: string | null = null;

  async append(record: ActionJournalRecord): Promise<unknown> {
    this.tried.push(record);
    if (this.refuse(record)) throw new Error('ENOSPC: no space left on device');
    this.written.push(record);
    return {};
  }

  async damage(): Promise<string | null> {
    return this.damaged;
  }

  steps(actionId?: string): JournalStep[] {
    return this.written.filter((r) => actionId === undefined || r.actionId === actionId).map((r) => r.step);
  }
}

function setup(answer: Result<unknown> = ok(ACCEPTED), onUnsettledChange?: () => void) {
  const request = vi.fn<Request>(async () => answer);
  const journal = new FakeJournal();
  const service = new ActionService({
    clients: fakeClients(request),
    journal,
    operator: () => 'alice',
    ...(onUnsettledChange ? { onUnsettledChange } : {}),
  });
  return { request, journal, service };
}

async function prepared(service: ActionService, workspaceId: string, input: ActionInput) {
  const p = await service.prepare(workspaceId, input);
  if (!p.ok) throw new Error(`${p.error.code}: ${p.error.message}`);
  return p.value;
}

describe('the "prepared" entry', () => {
  it('when the journal refuses it, prepare fails with journal-unwritable and nothing is kept', async () => {
    const { journal, service, request } = setup();
    journal.refuse = (r) => r.step === 'prepared';
    const refused = await service.prepare('ws-a', order('100'));
    expect(!refused.ok && refused.error.code).toBe('journal-unwritable');
    expect(!refused.ok && refused.error.message).toMatch(/not prepared/);
    expect(journal.written).toEqual([]);

    // Nothing kept: once the journal writes again, the next prepare writes only its own entry,
    // is not blocked by the refused one, and the same order is no duplicate of anything.
    journal.refuse = () => false;
    const tried = journal.tried.length;
    const next = await prepared(service, 'ws-a', order('100'));
    expect(journal.tried.slice(tried).map((r) => [r.step, r.actionId])).toEqual([['prepared', next.id]]);
    expect(service.unsettled()).toEqual([]);
    expect(request).not.toHaveBeenCalled();
  });
});

describe('the "sent" entry', () => {
  it('when it cannot be written, execute answers refused / not-sent and the request never leaves', async () => {
    const { journal, service, request } = setup();
    const p = await prepared(service, 'ws-a', order('100'));
    journal.refuse = (r) => r.step === 'sent';
    const result = await service.execute(p.id, undefined);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.outcome).toBe('refused');
    expect(result.value.error?.code).toBe('journal-unwritable');
    expect(result.value.error?.delivery).toBe('not-sent');
    expect(result.value.headline).toMatch(/^Not sent/);
    expect(request).not.toHaveBeenCalled();
    expect(journal.steps(p.id)).toEqual(['prepared']);
    expect(service.unsettled()).toEqual([]);
  });
});

describe('"answered" and "outcome" are kept until written', () => {
  it.each([
    ['answered', 'answer', ok(ACCEPTED), 'done'],
    ['answered', 'answer', fail('server-error', 'HTTP 500', { status: 500 }), 'unknown'],
    ['outcome', 'outcome', ok(ACCEPTED), 'done'],
  ] as const)(
    'when "%s" cannot be written: the result is still returned, the workspace refuses new actions (naming the %s) until it is on disk',
    async (failingStep, word, answer, outcome) => {
      const { journal, service, request } = setup(answer);
      const first = await prepared(service, 'ws-a', order('100'));
      // From the failing step on, nothing more reaches ws-a's journal; ws-b's still works.
      let broken = false;
      journal.refuse = (r) => {
        if (r.workspaceId === 'ws-a' && r.step === failingStep) broken = true;
        return broken && r.workspaceId === 'ws-a';
      };
      const result = await service.execute(first.id, undefined);
      expect(result.ok && result.value.outcome).toBe(outcome);
      expect(request).toHaveBeenCalledTimes(1);
      expect(journal.steps(first.id)).toEqual(
        failingStep === 'answered' ? ['prepared', 'sent'] : ['prepared', 'sent', 'answered'],
      );

      const blocked = await service.prepare('ws-a', order('200'));
      expect(!blocked.ok && blocked.error.code).toBe('journal-unwritable');
      const message = !blocked.ok ? blocked.error.message : '';
      expect(message).toContain(`record the ${word} of action ${first.id}`);
      expect(message).toContain('ENOSPC');
      expect(message).toMatch(/No new action is sent from this workspace until it can/);
      // Blocked again while the journal still fails: nothing prepared, nothing sent.
      const still = await service.prepare('ws-a', order('201'));
      expect(!still.ok && still.error.code).toBe('journal-unwritable');

      // Another workspace is not blocked.
      const elsewhere = await service.prepare('ws-b', order('300'));
      expect(elsewhere.ok).toBe(true);

      // The journal writes again: the kept entries go first, in order, then the new action.
      journal.refuse = () => false;
      const from = journal.written.length;
      const next = await prepared(service, 'ws-a', order('400'));
      expect(journal.written.slice(from).map((r) => [r.step, r.actionId])).toEqual([
        ...(failingStep === 'answered' ? [['answered', first.id]] : []),
        ['outcome', first.id],
        ['prepared', next.id],
      ]);
      expect(journal.steps(first.id)).toEqual(['prepared', 'sent', 'answered', 'outcome']);
      const kept = journal.written.find((r) => r.actionId === first.id && r.step === 'outcome');
      expect(kept?.outcome).toBe(outcome);
      expect(kept?.operator).toBe('alice');
      expect(request).toHaveBeenCalledTimes(1);
    },
  );
});

describe('a damaged journal', () => {
  it('blocks prepare and execute with its own message, sending nothing', async () => {
    const { journal, service, request } = setup();
    const before = await prepared(service, 'ws-a', order('100'));
    const why = 'The journal of this workspace ends at entry 3, but its anchor says 5.';
    journal.damaged = why;
    const refused = await service.prepare('ws-a', order('101'));
    expect(refused).toEqual({ ok: false, error: { code: 'journal-unwritable', message: why } });
    const notSent = await service.execute(before.id, undefined);
    expect(!notSent.ok && notSent.error.code).toBe('journal-unwritable');
    expect(!notSent.ok && notSent.error.message).toBe(why);
    expect(request).not.toHaveBeenCalled();
    expect(journal.steps()).toEqual(['prepared']);

    journal.damaged = null;
    expect((await service.prepare('ws-a', order('101'))).ok).toBe(true);
  });
});

describe('restore', () => {
  it('a "sent" entry without outcome is listed as unsettled, outcome unknown, and blocks its duplicate', async () => {
    const { service: before } = setup();
    const input = order('100');
    const p = await prepared(before, 'ws-a', input);
    const dedupKey = dedupKeyOf({ organizationId: ORG, keyFingerprint: KEY }, input);
    const at = '1767225600000';
    const sent = {
      time: '2026-01-01T00:00:00.000Z',
      step: 'sent',
      detail: sentDetail(p, { kind: input.kind }, dedupKey, at),
    };

    // A new service, as after a restart, fed the journal's entry.
    const changes = vi.fn();
    const { service: restarted, request, journal } = setup(ok(ACCEPTED), changes);
    expect(restarted.restore([sent])).toBe(1);
    expect(restarted.restore([sent])).toBe(0); // once only
    expect(changes).toHaveBeenCalledTimes(1);
    const listed = restarted.unsettled('ws-a');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.prepared.id).toBe(p.id);
    expect(listed[0]?.result.outcome).toBe('unknown');
    expect(listed[0]?.result.headline).toBe(SENT_WITHOUT_OUTCOME);
    expect(listed[0]?.since).toBe(String(Date.parse(sent.time)));
    expect(restarted.unsettled('ws-b')).toEqual([]);

    // Its duplicate (by meaning) is refused before anything is read or written; another order is not.
    const again = await restarted.prepare('ws-b', order('100.0'));
    expect(!again.ok && again.error.code).toBe('action-in-progress');
    // When it was sent, in the console's one time format with its zone (was: ISO).
    expect(!again.ok && again.error.message).toContain('unknown outcome (sent 2026-01-01 00:00:00 UTC)');
    const reordered = {
      action: {
        grouping: 'na',
        orders: [{ t: { limit: { tif: 'Gtc' } }, r: false, s: '1', p: '0100.00', b: true, a: 0 }],
        type: 'order',
      },
      kind: 'exchange.submit',
    } as ActionInput;
    const spelled = await restarted.prepare('ws-a', reordered);
    expect(!spelled.ok && spelled.error.code).toBe('action-in-progress');
    expect(journal.written).toEqual([]);
    expect((await restarted.prepare('ws-a', order('100.5'))).ok).toBe(true);
    expect(request).not.toHaveBeenCalled();
  });
});

describe('restore: the LTV estimate and dry run, journalled as actions before they became reads', () => {
  it('are left out: they changed nothing, so nothing is unsettled', async () => {
    const { service: before } = setup();
    const p = await prepared(before, 'ws-a', order('100'));
    const entry = (kind: string) => ({
      time: '2026-01-01T00:00:00.000Z',
      step: 'sent',
      detail: sentDetail(
        { ...p, id: `act_${kind}_0123456789abcdef`, kind } as typeof p,
        { kind: p.kind },
        `k-${kind}`,
        '1',
      ),
    });
    const { service: restarted } = setup();
    expect(restarted.restore([entry('loans.ltvDryRun'), entry('loans.estimateLtv')])).toBe(0);
    expect(restarted.unsettled()).toEqual([]);
    // The same entry of a kind that changes state is restored.
    expect(restarted.restore([entry('exchange.submit')])).toBe(1);
  });
});

describe('a 2xx answer checked against what was asked (issue 25, finding 11)', () => {
  it('an order batch of 3 answered with 2 statuses is unknown and unsettled, not done', async () => {
    const { service, request } = setup(
      ok({ status: 'ok', response: { type: 'order', data: { statuses: ['success', 'success'] } } }),
    );
    const three = order('100');
    if (three.kind !== 'exchange.submit' || three.action.type !== 'order') throw new Error('fixture');
    const action = three.action;
    const batch: ActionInput = {
      ...three,
      action: { ...action, orders: [1, 2, 3].map(() => action.orders[0]!) },
    };
    const p = await prepared(service, 'ws-a', batch);
    const result = await service.execute(p.id, undefined);
    expect(result.ok && result.value.outcome).toBe('unknown');
    expect(result.ok && result.value.headline).toMatch(/2 of the 3 entries sent/);
    expect(service.unsettled().map((u) => u.prepared.id)).toEqual([p.id]);
    expect(request).toHaveBeenCalledTimes(1); // never resent
  });

  it('an approve answered with the loan still awaiting approval is unknown with Check now', async () => {
    const loan = {
      loanId: 'L1',
      status: 'awaiting-approval',
      lenderOrganizationId: ORG,
      amount: '1',
      currency: 'BTC',
    };
    const { service, request } = setup(ok(loan));
    const p = await prepared(service, 'ws-a', { kind: 'loans.approve', loanId: 'L1' });
    const result = await service.execute(p.id, undefined);
    expect(result.ok && result.value.outcome).toBe('unknown');
    expect(result.ok && result.value.headline).toMatch(/^Answered, but the loan does not show it: check now/);
    expect(result.ok && result.value.check?.available).toBe(true);
    expect(request.mock.calls.filter(([r]) => r.method === 'PATCH')).toHaveLength(1);
  });
});

describe('production: the phrase is the workspace name (issue 29)', () => {
  const production = () => {
    const request = vi.fn<Request>(async () => ok(ACCEPTED));
    const service = new ActionService({
      clients: fakeClients(request, 'production'),
      journal: new FakeJournal(),
    });
    return { request, service };
  };

  it('asks for the workspace name, and refuses anything else before sending', async () => {
    const { request, service } = production();
    const p = await prepared(service, 'ws-a', order('100'));
    expect(p.phraseRequired).toBe('Desk ws-a');
    for (const phrase of [undefined, '', 'production', 'desk ws-a', 'Desk ws-a ', 'Desk ws-b']) {
      const refused = await service.execute(p.id, phrase);
      expect(!refused.ok && refused.error.code, String(phrase)).toBe('confirmation-required');
      expect(!refused.ok && refused.error.message).toContain('“Desk ws-a”');
    }
    expect(request).not.toHaveBeenCalled();
    const sent = await service.execute(p.id, 'Desk ws-a');
    expect(sent.ok && sent.value.outcome).toBe('done');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('asks for none outside production, and says how long the platform has to answer', async () => {
    const { service } = setup();
    const p = await prepared(service, 'ws-a', order('100'));
    expect(p.phraseRequired).toBeNull();
    expect(p.answerWithinMs).toBe(DEFAULT_ANSWER_WITHIN_MS);
    const quick = new ActionService({
      clients: fakeClients(async () => ok(ACCEPTED)),
      journal: new FakeJournal(),
      answerWithinMs: 1500,
    });
    expect((await prepared(quick, 'ws-a', order('100'))).answerWithinMs).toBe(1500);
  });
});

describe('an expired prepared action', () => {
  it("says when it expired in the console's one time format with its zone, and sends nothing", async () => {
    const request = vi.fn<Request>(async () => ok(ACCEPTED));
    let clock = Date.UTC(2026, 10, 26, 12, 0, 27);
    const service = new ActionService({
      clients: fakeClients(request),
      journal: new FakeJournal(),
      operator: () => 'alice',
      now: () => clock,
    });
    const p = await prepared(service, 'ws-a', order('100'));
    clock = Number(p.expiresAt) + 1;
    const late = await service.execute(p.id, undefined);
    expect(!late.ok && late.error.code).toBe('prepared-expired');
    expect(!late.ok && late.error.message).toMatch(
      /^This prepared action expired at 2026-11-26 12:\d{2}:27 UTC \(prepared requests last/,
    );
    expect(request).not.toHaveBeenCalled();
  });
});
