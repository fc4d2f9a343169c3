import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_ACTION_STEPS_SHOWN } from '../../../src/shared/contract-views';
import { JournalIndex, type IndexFields } from '../../../src/main/journal/journal-index';
import { Journals } from '../../../src/main/journal/journals';
import { journalHandlers } from '../../../src/main/handlers/journal-handlers';
import { ExportPaths } from '../../../src/main/handlers/local-handlers';
import type { Logger } from '../../../src/main/log/logger';

type Entry = Omit<IndexFields, 'seq' | 'time' | 'environment'> & { environment?: string };

/** An index of `entries` in order: seq 1, 2, …, one minute apart from 2026-01-01T00:00Z. */
function indexOf(entries: Entry[]): JournalIndex {
  const index = new JournalIndex();
  entries.forEach((e, n) =>
    index.add(
      {
        environment: 'sandbox',
        ...e,
        seq: n + 1,
        time: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      },
      { file: 1, offset: n * 100, length: 100 },
    ),
  );
  return index;
}

const approve = (actionId: string, object: string, operator = 'alice'): Entry[] => [
  { step: 'prepared', action: 'loans.approve', actionId, object, operator },
  { step: 'confirmed', action: 'loans.approve', actionId, object, operator },
  { step: 'sent', action: 'loans.approve', actionId, object, operator },
  { step: 'answered', action: 'loans.approve', actionId, object, operator },
  { step: 'outcome', action: 'loans.approve', actionId, object, operator, outcome: 'done' },
];

describe('JournalIndex.queryActions', () => {
  it('gives one row per action with its steps, oldest step first, and what the row shows', () => {
    const index = indexOf([
      ...approve('a1', 'loan L1'),
      { step: 'prepared', action: 'loans.cancel', actionId: 'a2', object: 'loan L2', operator: 'bob' },
    ]);
    const page = index.queryActions({});
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.actionId)).toEqual(['a2', 'a1']);
    const a1 = page.rows[1];
    expect(a1).toMatchObject({
      actionId: 'a1',
      action: 'loans.approve',
      object: 'loan L1',
      environment: 'sandbox',
      operators: ['alice'],
      firstTime: '2026-01-01T00:00:00.000Z',
      lastTime: '2026-01-01T00:04:00.000Z',
      lastSeq: 5,
      lastStep: 'outcome',
      outcome: 'done',
      unsettled: false,
      stepCount: 5,
    });
    expect(a1?.steps.map((s) => [s.seq, s.step, s.outcome, s.operator])).toEqual([
      [1, 'prepared', null, 'alice'],
      [2, 'confirmed', null, 'alice'],
      [3, 'sent', null, 'alice'],
      [4, 'answered', null, 'alice'],
      [5, 'outcome', 'done', 'alice'],
    ]);
    expect(page.actions).toEqual(['loans.approve', 'loans.cancel']);
  });

  it('puts unsettled actions first, then the most recently active, and pages over actions', () => {
    const index = indexOf([
      { step: 'prepared', action: 'loans.approve', actionId: 'open', object: 'loan L0' },
      { step: 'sent', action: 'loans.approve', actionId: 'open', object: 'loan L0' },
      { step: 'outcome', action: 'loans.approve', actionId: 'open', object: 'loan L0', outcome: 'unknown' },
      ...approve('old', 'loan L1'),
      { step: 'prepared', action: 'loans.cancel', actionId: 'late', object: 'loan L2' },
      // "old" acts again after "late" started: it is now the most recently active.
      { step: 'settled', action: 'loans.approve', actionId: 'old', object: 'loan L1', outcome: 'done' },
    ]);
    const page = index.queryActions({});
    expect(page.rows.map((r) => r.actionId)).toEqual(['open', 'old', 'late']);
    expect(page.rows[0]).toMatchObject({ unsettled: true, outcome: 'unknown' });
    expect(page.unsettledActions).toBe(1);

    const second = index.queryActions({ offset: 1, limit: 1 });
    expect(second.total).toBe(3);
    expect(second.offset).toBe(1);
    expect(second.rows.map((r) => r.actionId)).toEqual(['old']);
  });

  it('shows the latest outcome or settlement, and an action sent without an outcome as unsettled', () => {
    const index = indexOf([
      { step: 'sent', action: 'loans.approve', actionId: 'settled', object: 'loan L1' },
      {
        step: 'outcome',
        action: 'loans.approve',
        actionId: 'settled',
        object: 'loan L1',
        outcome: 'unknown',
      },
      {
        step: 'settled',
        action: 'loans.approve',
        actionId: 'settled',
        object: 'loan L1',
        outcome: 'not-done',
      },
      { step: 'sent', action: 'loans.approve', actionId: 'in-flight', object: 'loan L2' },
    ]);
    const rows = index.queryActions({}).rows;
    expect(rows.map((r) => [r.actionId, r.unsettled, r.outcome, r.lastStep])).toEqual([
      ['in-flight', true, null, 'sent'],
      ['settled', false, 'not-done', 'settled'],
    ]);
  });

  it('keeps an action when any of its entries matches the filter, and lists all its steps', () => {
    const index = indexOf([
      ...approve('a1', 'loan L1'),
      ...approve('a2', 'loan L2'),
      { step: 'prepared', action: 'loans.cancel', actionId: 'a3', object: 'loan L3' },
    ]);
    const byStep = index.queryActions({ step: 'confirmed' });
    expect(byStep.rows.map((r) => r.actionId)).toEqual(['a2', 'a1']);
    expect(byStep.rows[0]?.stepCount).toBe(5);
    expect(byStep.rows[0]?.steps).toHaveLength(5);

    expect(index.queryActions({ outcome: 'done' }).total).toBe(2);
    expect(index.queryActions({ action: 'loans.cancel' }).rows.map((r) => r.actionId)).toEqual(['a3']);
    expect(index.queryActions({ search: 'L2' }).rows.map((r) => r.actionId)).toEqual(['a2']);
    expect(index.queryActions({ search: 'A1' }).rows.map((r) => r.actionId)).toEqual(['a1']);
    // a1's entries are minutes 0-4: only its last one is in this range, which is enough.
    const range = index.queryActions({ from: '2026-01-01T00:04:00.000Z', to: '2026-01-01T00:05:00.000Z' });
    expect(range.rows.map((r) => r.actionId)).toEqual(['a2', 'a1']);
    expect(index.queryActions({ unsettledOnly: true }).total).toBe(0);
    // The total counts actions; the per-entry mode still counts entries.
    expect(index.query({ outcome: 'done' }).total).toBe(2);
    expect(index.query({}).total).toBe(11);
  });

  it('names each operator once, in order, and bounds the steps it sends', () => {
    const many: Entry[] = [
      { step: 'prepared', action: 'risk.ack', actionId: 'r1', operator: 'alice' },
      { step: 'sent', action: 'risk.ack', actionId: 'r1' },
      ...Array.from({ length: 30 }, (_, n): Entry => ({
        step: 'acknowledged',
        action: 'risk.ack',
        actionId: 'r1',
        operator: n % 2 ? 'carol' : 'bob',
      })),
    ];
    const row = indexOf(many).queryActions({}).rows[0];
    expect(row?.operators).toEqual(['alice', 'bob', 'carol']);
    expect(row?.object).toBeNull();
    expect(row?.stepCount).toBe(32);
    expect(row?.steps).toHaveLength(JOURNAL_ACTION_STEPS_SHOWN);
    expect(row?.steps[0]?.step).toBe('prepared');
    expect(row?.steps[1]?.operator).toBeNull();
  });
});

describe('JournalIndex.query, locate, unsettledSeqs and matching', () => {
  const mixed = (): JournalIndex =>
    indexOf([
      ...approve('a1', 'Loan L1'),
      { step: 'sent', action: 'loans.cancel', actionId: 'open1', object: 'loan L2' },
      { step: 'prepared', action: 'loans.approve', actionId: 'a3' },
      { step: 'sent', action: 'loans.approve', actionId: 'open2', object: 'loan L3', outcome: undefined },
      { step: 'outcome', action: 'loans.approve', actionId: 'open2', object: 'loan L3', outcome: 'unknown' },
    ]);

  it('lists entries of unsettled actions first, then the rest newest first, with each row', () => {
    const page = mixed().query({});
    expect(page.rows.map((r) => [r.seq, r.actionId, r.unsettled])).toEqual([
      [9, 'open2', true],
      [8, 'open2', true],
      [6, 'open1', true],
      [7, 'a3', false],
      [5, 'a1', false],
      [4, 'a1', false],
      [3, 'a1', false],
      [2, 'a1', false],
      [1, 'a1', false],
    ]);
    expect(page.rows[0]).toEqual({
      seq: 9,
      time: '2026-01-01T00:08:00.000Z',
      step: 'outcome',
      action: 'loans.approve',
      actionId: 'open2',
      object: 'loan L3',
      environment: 'sandbox',
      outcome: 'unknown',
      unsettled: true,
    });
    expect(page.rows[3]).toMatchObject({ object: null, outcome: null });
    expect(page).toMatchObject({
      total: 9,
      offset: 0,
      actions: ['loans.approve', 'loans.cancel'],
      unsettledActions: 2,
    });
  });

  it('filters by each field; the time range is inclusive at both ends; search ignores case and spaces', () => {
    const index = mixed();
    const seqs = (filter: Parameters<JournalIndex['query']>[0]) => index.query(filter).rows.map((r) => r.seq);
    expect(seqs({ action: 'loans.cancel' })).toEqual([6]);
    expect(seqs({ outcome: 'done' })).toEqual([5]);
    expect(seqs({ step: 'sent' })).toEqual([8, 6, 3]);
    expect(seqs({ from: '2026-01-01T00:07:00.000Z' })).toEqual([9, 8]);
    expect(seqs({ to: '2026-01-01T00:01:00.000Z' })).toEqual([2, 1]);
    expect(seqs({ from: '2026-01-01T00:04:00.000Z', to: '2026-01-01T00:04:00.000Z' })).toEqual([5]);
    expect(seqs({ search: '  loan l1 ' })).toEqual([5, 4, 3, 2, 1]);
    expect(seqs({ search: 'OPEN1' })).toEqual([6]);
    expect(seqs({ search: '   ' })).toHaveLength(9);
    expect(seqs({ unsettledOnly: true })).toEqual([9, 8, 6]);
    expect(seqs({ unsettledOnly: true, action: 'loans.cancel' })).toEqual([6]);
  });

  it('pages 200 rows from the start by default', () => {
    const index = indexOf(
      Array.from({ length: 205 }, (_, n): Entry => ({
        step: 'prepared',
        action: 'loans.approve',
        actionId: `a${n}`,
      })),
    );
    const first = index.query({});
    expect(first.rows).toHaveLength(200);
    expect(first.rows[0]?.seq).toBe(205);
    const rest = index.query({ offset: 200 });
    expect(rest.rows.map((r) => r.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(index.queryActions({}).rows).toHaveLength(200);
  });

  it('finds where each entry is, and nothing for a seq it does not hold', () => {
    const index = mixed();
    for (let seq = 1; seq <= 9; seq++)
      expect(index.locate(seq)).toEqual({ file: 1, offset: (seq - 1) * 100, length: 100 });
    expect(index.locate(0)).toBeUndefined();
    expect(index.locate(10)).toBeUndefined();
    expect(index.size).toBe(9);
    expect(new JournalIndex().locate(1)).toBeUndefined();
  });

  it('keeps each unsettled action open by its latest "sent" or "outcome: unknown", until an outcome or settled', () => {
    const index = mixed();
    expect(index.unsettledSeqs()).toEqual([6, 9]);
    index.add(
      {
        seq: 10,
        time: 't',
        step: 'outcome',
        action: 'loans.cancel',
        actionId: 'open1',
        environment: 'sandbox',
        outcome: 'refused',
      },
      { file: 2, offset: 0, length: 1 },
    );
    expect(index.unsettledSeqs()).toEqual([9]);
    index.add(
      {
        seq: 11,
        time: 't',
        step: 'settled',
        action: 'loans.approve',
        actionId: 'open2',
        environment: 'sandbox',
        outcome: 'done',
      },
      { file: 2, offset: 1, length: 1 },
    );
    expect(index.unsettledSeqs()).toEqual([]);
    expect(index.locate(11)).toEqual({ file: 2, offset: 1, length: 1 });
  });

  it('gives every matching row oldest first with where it is, for the export', () => {
    const rows = mixed().matching({ action: 'loans.approve', step: 'sent' });
    expect(rows.map((r) => [r.seq, r.file, r.offset, r.length, r.unsettled])).toEqual([
      [3, 1, 200, 100, false],
      [8, 1, 700, 100, true],
    ]);
  });

  it('names at most 10 operators on an action row', () => {
    const index = indexOf(
      Array.from({ length: 12 }, (_, n): Entry => ({
        step: 'acknowledged',
        action: 'risk.ack',
        actionId: 'r1',
        operator: `op${n}`,
      })),
    );
    expect(index.queryActions({}).rows[0]?.operators).toEqual(Array.from({ length: 10 }, (_, n) => `op${n}`));
  });
});

describe('journal.actions', () => {
  it('answers one page of actions from the journal on disk, filtered', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'journal-index-test-'));
    const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
    const journals = await Journals.open({ dataDir });
    try {
      const base = {
        workspaceId: 'ws-1',
        workspaceName: 'Desk',
        environment: 'sandbox',
        action: 'loans.approve',
        operator: 'Dana Ops',
      } as const;
      for (const [actionId, object] of [
        ['a1', 'loan L1'],
        ['a2', 'loan L2'],
      ] as const) {
        await journals.append({ ...base, step: 'prepared', actionId, object });
        await journals.append({ ...base, step: 'outcome', actionId, object, outcome: 'done' });
      }
      const handlers = journalHandlers({ journals, exportPaths: new ExportPaths(), log });
      const all = await handlers['journal.actions']({ workspaceId: 'ws-1' });
      expect(all.ok && all.value.rows.map((r) => [r.actionId, r.operators, r.stepCount])).toEqual([
        ['a2', ['Dana Ops'], 2],
        ['a1', ['Dana Ops'], 2],
      ]);
      const one = await handlers['journal.actions']({ workspaceId: 'ws-1', search: 'L1', limit: 10 });
      expect(one.ok && one.value.rows.map((r) => r.steps.map((s) => s.step))).toEqual([
        ['prepared', 'outcome'],
      ]);
      const bad = await handlers['journal.actions']({ workspaceId: '../x' });
      expect(bad.ok ? null : bad.error.code).toBe('bad-input');
    } finally {
      await journals.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
