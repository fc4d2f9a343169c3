import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeAction } from '../../../src/shared/exchange-actions';
import { jsonNumberText } from '../../../src/shared/json-number';
import { buildBlotter, type BlotterSource } from '../../../src/main/journal/blotter';
import { DETAIL_MAX_BYTES, trimDetail } from '../../../src/main/journal/types';
import { Journals } from '../../../src/main/journal/journals';
import { journalHandlers } from '../../../src/main/handlers/journal-handlers';
import { ExportPaths } from '../../../src/main/handlers/local-handlers';
import type { Logger } from '../../../src/main/log/logger';
import type { JournalOutcome, JournalStep } from '../../../src/shared/journal-entries';
import { useTempDir } from '../../support/temp-dir';

const CLOID = '0x1234567890abcdef1234567890abcdef';
const order = (a: number, b: boolean, s: string, p: string, extra: Record<string, unknown> = {}) => ({
  a,
  b,
  p,
  s,
  r: false,
  t: { limit: { tif: 'Gtc' as const } },
  ...extra,
});
const orders = (...list: ReturnType<typeof order>[]): Extract<ExchangeAction, { type: 'order' }> => ({
  type: 'order',
  orders: list,
  grouping: 'na',
});
const ok = (...statuses: unknown[]) => ({ status: 'ok', response: { type: 'order', data: { statuses } } });
const resting = (oid: unknown) => ({ resting: { oid } });

interface Plan {
  action: ExchangeAction | { body: string };
  /** The exchange's answer (or the error) the "answered" entry holds; omitted: no "answered" entry. */
  answer?: unknown;
  outcome?: JournalOutcome;
  /** false: prepared only, never sent. */
  sent?: boolean;
  settled?: { outcome: 'done' | 'not-done'; found: string };
  headline?: string;
  vaultAddress?: string;
}

/** The lines the action service writes for one exchange action, in its shapes (action-service.ts). */
function lines(actionId: string, plan: Plan, start: { seq: number }): BlotterSource[] {
  const body =
    'body' in plan.action
      ? plan.action.body
      : JSON.stringify({
          action: plan.action,
          nonce: 1_767_225_600_000 + start.seq,
          ...(plan.vaultAddress ? { vaultAddress: plan.vaultAddress } : {}),
        });
  const out: BlotterSource[] = [];
  const add = (step: JournalStep, extra: { outcome?: JournalOutcome; detail?: unknown } = {}) => {
    const seq = ++start.seq;
    const time = new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString();
    const row = {
      seq,
      time,
      step,
      action: 'exchange.submit',
      actionId,
      object: 'Exchange',
      environment: 'sandbox',
      outcome: extra.outcome ?? null,
      unsettled: false,
    };
    const entry = {
      step,
      actionId,
      action: 'exchange.submit',
      workspaceId: 'ws-1',
      workspaceName: 'Desk',
      environment: 'sandbox' as const,
      keyId: 'key-fp-1',
      operator: 'Dana Ops',
      object: 'Exchange',
      ...extra,
      seq,
      time,
      prevHash: '0',
      hash: '0',
      keyed: false,
    };
    out.push({ row, entry });
  };
  add('prepared', {
    detail: {
      request: { method: 'POST', url: 'https://x/platform/exchange', contentType: 'application/json', body },
      fields: [],
      baseUrl: 'https://x/platform',
    },
  });
  if (plan.sent === false) return out;
  add('sent', { detail: { at: '0' } });
  if (plan.answer !== undefined) add('answered', { detail: { status: 200, answer: plan.answer } });
  if (plan.outcome !== undefined)
    add('outcome', {
      outcome: plan.outcome,
      ...(plan.headline ? { detail: { result: { headline: plan.headline } } } : {}),
    });
  if (plan.settled)
    add('settled', { outcome: plan.settled.outcome, detail: { found: plan.settled.found, by: 'operator' } });
  return out;
}

function journal(...plans: [string, Plan][]): BlotterSource[] {
  const at = { seq: 0 };
  return plans.flatMap(([id, plan]) => lines(id, plan, at));
}

const view = (sources: BlotterSource[], filter = {}) => buildBlotter(sources, filter);
const brief = (sources: BlotterSource[], filter = {}) =>
  view(sources, filter).rows.map((r) => [r.id, r.status, r.statusText, r.oid, r.batch]);

describe('buildBlotter: orders', () => {
  it('gives one row per order with who sent it, the order as sent and its oid', () => {
    const page = view(
      journal([
        'a1',
        {
          action: orders(order(3, false, '0.5', '62000', { c: CLOID })),
          answer: ok(resting(1_000_000_001)),
          outcome: 'done',
          vaultAddress: '0x0000000000000000000000000000000000000001',
        },
      ]),
    );
    expect(page.total).toBe(1);
    expect(page.unreadable).toBe(0);
    expect(page.assets).toEqual([3]);
    expect(page.rows[0]).toMatchObject({
      id: 'a1:0',
      actionId: 'a1',
      index: 0,
      batchSize: 1,
      batch: 'all-ok',
      time: '2026-01-01T00:02:00.000Z',
      operator: 'Dana Ops',
      environment: 'sandbox',
      keyId: 'key-fp-1',
      vaultAddress: '0x0000000000000000000000000000000000000001',
      nonce: '1767225600000',
      side: 'sell',
      orderType: 'Gtc',
      status: 'resting',
      oid: '1000000001',
      liveOid: '1000000001',
      cloid: CLOID,
      followUps: [],
    });
    expect(page.rows[0]?.order).toMatchObject({ a: 3, s: '0.5', p: '62000' });
  });

  it('marks a batch with some refused orders "partly-failed", each result beside its order', () => {
    const sources = journal([
      'b1',
      {
        action: orders(
          order(0, true, '0.01', '30000'),
          order(0, true, '0.0001', '30000'),
          order(1, false, '1', '20'),
        ),
        answer: ok(
          resting(11),
          { error: 'Order must have minimum value of $10. asset=0' },
          {
            filled: { totalSz: '1', avgPx: '19.5', oid: 13 },
          },
        ),
        outcome: 'done',
      },
    ]);
    expect(brief(sources)).toEqual([
      ['b1:0', 'resting', 'resting', '11', 'partly-failed'],
      ['b1:1', 'error', 'Order must have minimum value of $10. asset=0', null, 'partly-failed'],
      ['b1:2', 'filled', 'filled 1 @ 19.5', '13', 'partly-failed'],
    ]);
  });

  it('gives every order the refusal of the whole action, and of every entry', () => {
    const sources = journal(
      [
        'r1',
        {
          action: orders(order(0, true, '1', '30')),
          answer: { status: 'err', response: 'Invalid nonce' },
          outcome: 'refused',
        },
      ],
      [
        'r2',
        {
          action: orders(order(0, true, '1', '0'), order(0, true, '0', '1')),
          answer: ok({ error: 'bad price' }, { error: 'zero size' }),
          outcome: 'refused',
        },
      ],
      [
        'r3',
        {
          action: orders(order(0, true, '1', '30')),
          answer: { code: 'forbidden', message: 'HTTP 403: no permission' },
          outcome: 'refused',
        },
      ],
    );
    expect(brief(sources)).toEqual([
      ['r3:0', 'error', 'HTTP 403: no permission', null, 'failed'],
      ['r2:0', 'error', 'bad price', null, 'failed'],
      ['r2:1', 'error', 'zero size', null, 'failed'],
      ['r1:0', 'error', 'Invalid nonce', null, 'failed'],
    ]);
  });

  it('says unknown when the outcome is unknown, unsettled, or the statuses do not match the orders', () => {
    const two = orders(order(0, true, '1', '30'), order(0, false, '1', '31'));
    const sources = journal(
      [
        'u1',
        {
          action: two,
          answer: { code: 'timeout' },
          outcome: 'unknown',
          headline: 'Outcome unknown: no answer came in time.',
        },
      ],
      ['u2', { action: orders(order(0, true, '1', '30')) }],
      [
        'u3',
        {
          action: two,
          answer: ok(resting(5)),
          outcome: 'unknown',
          headline: 'Outcome unknown: the exchange answered for 1 of the 2 entries sent.',
        },
      ],
      [
        'u4',
        {
          action: orders(order(0, true, '1', '30')),
          outcome: 'unknown',
          settled: { outcome: 'not-done', found: 'no such order on the exchange' },
        },
      ],
      [
        'u5',
        {
          action: orders(order(0, true, '1', '30')),
          outcome: 'unknown',
          settled: { outcome: 'done', found: 'resting on the exchange' },
        },
      ],
    );
    const rows = view(sources).rows;
    expect(rows.map((r) => [r.id, r.status, r.batch])).toEqual([
      ['u5:0', 'unknown', 'unknown'],
      ['u4:0', 'error', 'failed'],
      ['u3:0', 'unknown', 'unknown'],
      ['u3:1', 'unknown', 'unknown'],
      ['u2:0', 'unknown', 'unknown'],
      ['u1:0', 'unknown', 'unknown'],
      ['u1:1', 'unknown', 'unknown'],
    ]);
    const text = new Map(rows.map((r) => [r.id, r.statusText]));
    expect(text.get('u1:0')).toBe('Outcome unknown: no answer came in time.');
    expect(text.get('u2:0')).toMatch(/no outcome was recorded/);
    expect(text.get('u3:0')).toBe('Outcome unknown: the exchange answered for 1 of the 2 entries sent.');
    expect(text.get('u4:0')).toBe('not done (settled: no such order on the exchange)');
    expect(text.get('u5:0')).toBe('settled as done: resting on the exchange');
    // No oid is ever guessed from an answer that does not match.
    expect(rows.every((r) => r.oid === null)).toBe(true);
  });

  it('leaves out actions never sent and exchange actions that place no order', () => {
    const sources = journal(
      ['p1', { action: orders(order(0, true, '1', '30')), sent: false }],
      [
        'l1',
        {
          action: { type: 'updateLeverage', asset: 0, isCross: true, leverage: 5 },
          answer: { status: 'ok', response: { type: 'default' } },
          outcome: 'done',
        },
      ],
    );
    expect(view(sources)).toMatchObject({ total: 0, rows: [], unreadable: 0 });
  });

  it('keeps an oid above 2^53 with its digits', () => {
    const sources = journal([
      'big',
      {
        action: orders(order(0, true, '1', '30')),
        answer: ok(resting(jsonNumberText('90071992547409931'))),
        outcome: 'done',
      },
    ]);
    expect(view(sources).rows[0]?.oid).toBe('90071992547409931');
  });
});

describe('buildBlotter: cancels and modifies', () => {
  const placed = (id: string, oid: number, extra: Record<string, unknown> = {}): [string, Plan] => [
    id,
    { action: orders(order(0, true, '1', '30', extra)), answer: ok(resting(oid)), outcome: 'done' },
  ];
  const cancelled = { status: 'ok', response: { type: 'cancel', data: { statuses: ['success'] } } };

  it('links each cancel to its order by oid or cloid, with what its answer said', () => {
    const sources = journal(
      placed('o1', 101),
      placed('o2', 102),
      placed('o3', 103, { c: CLOID }),
      placed('o4', 104),
      ['c1', { action: { type: 'cancel', cancels: [{ a: 0, o: 101 }] }, answer: cancelled, outcome: 'done' }],
      [
        'c2',
        {
          action: { type: 'cancel', cancels: [{ a: 0, o: 102 }] },
          answer: ok({ error: 'Order was never placed' }),
          outcome: 'refused',
        },
      ],
      [
        'c3',
        {
          action: {
            type: 'cancelByCloid',
            cancels: [{ asset: 0, cloid: CLOID.toUpperCase().replace('0X', '0x') }],
          },
          answer: cancelled,
          outcome: 'done',
        },
      ],
      [
        'c4',
        {
          action: { type: 'cancel', cancels: [{ a: 0, o: 104 }] },
          answer: { code: 'timeout' },
          outcome: 'unknown',
          headline: 'Outcome unknown',
        },
      ],
      ['c5', { action: { type: 'cancel', cancels: [{ a: 0, o: 999 }] }, answer: cancelled, outcome: 'done' }],
    );
    const page = view(sources);
    expect(page.total).toBe(4);
    const follow = new Map(
      page.rows.map((r) => [r.id, r.followUps.map((f) => [f.kind, f.actionId, f.state, f.message ?? null])]),
    );
    expect(follow.get('o1:0')).toEqual([['cancel', 'c1', 'done', null]]);
    expect(follow.get('o2:0')).toEqual([['cancel', 'c2', 'failed', 'Order was never placed']]);
    expect(follow.get('o3:0')).toEqual([['cancel', 'c3', 'done', null]]);
    expect(follow.get('o4:0')).toEqual([['cancel', 'c4', 'sent', 'Outcome unknown']]);
    // The order's own status stays what the order's answer said.
    expect(page.rows.every((r) => r.status === 'resting')).toBe(true);
  });

  it('links modifies, follows the new oid a batch modify gives, and a later cancel of it', () => {
    const sources = journal(
      placed('o1', 101),
      placed('o2', 102),
      [
        'm1',
        {
          action: { type: 'modify', oid: 101, order: order(0, true, '2', '31') },
          answer: { status: 'ok', response: { type: 'default' } },
          outcome: 'done',
        },
      ],
      [
        'm2',
        {
          action: { type: 'batchModify', modifies: [{ oid: 102, order: order(0, true, '3', '32') }] },
          answer: ok(resting(202)),
          outcome: 'done',
        },
      ],
      [
        'c1',
        {
          action: { type: 'cancel', cancels: [{ a: 0, o: 202 }] },
          answer: { status: 'ok', response: { type: 'cancel', data: { statuses: ['success'] } } },
          outcome: 'done',
        },
      ],
      [
        'm3',
        {
          action: { type: 'modify', oid: 101, order: order(0, true, '1', '1') },
          answer: { status: 'err', response: 'Cannot modify canceled or filled order' },
          outcome: 'refused',
        },
      ],
    );
    const rows = new Map(view(sources).rows.map((r) => [r.id, r]));
    expect(rows.get('o1:0')?.followUps).toEqual([
      { kind: 'modify', actionId: 'm1', time: expect.any(String), state: 'done', change: '2 @ 31' },
      {
        kind: 'modify',
        actionId: 'm3',
        time: expect.any(String),
        state: 'failed',
        change: '1 @ 1',
        message: 'Cannot modify canceled or filled order',
      },
    ]);
    expect(rows.get('o2:0')).toMatchObject({ oid: '102', liveOid: '202' });
    expect(rows.get('o2:0')?.followUps.map((f) => [f.kind, f.state, f.newOid ?? null])).toEqual([
      ['modify', 'done', '202'],
      ['cancel', 'done', null],
    ]);
  });
});

describe('buildBlotter: filters, pages and unreadable entries', () => {
  const many = journal(
    [
      'a',
      {
        action: orders(order(0, true, '1', '30'), order(1, true, '1', '30')),
        answer: ok(resting(1), { error: 'no' }),
        outcome: 'done',
      },
    ],
    ['b', { action: orders(order(1, false, '1', '30')), answer: ok(resting(3)), outcome: 'done' }],
    ['c', { action: orders(order(2, false, '1', '30')) }],
  );

  it('filters by status and asset, newest batch first, a batch in its own order', () => {
    expect(view(many).rows.map((r) => r.id)).toEqual(['c:0', 'b:0', 'a:0', 'a:1']);
    expect(view(many, { status: 'resting' }).rows.map((r) => r.id)).toEqual(['b:0', 'a:0']);
    expect(view(many, { asset: 1 }).rows.map((r) => r.id)).toEqual(['b:0', 'a:1']);
    expect(view(many, { asset: 1, status: 'error' }).rows.map((r) => r.id)).toEqual(['a:1']);
    expect(view(many, { status: 'filled' })).toMatchObject({ total: 0, rows: [], assets: [0, 1, 2] });
  });

  it('pages: total counts every match, rows hold one window', () => {
    expect(view(many, { offset: 1, limit: 2 })).toMatchObject({ total: 4, offset: 1 });
    expect(view(many, { offset: 1, limit: 2 }).rows.map((r) => r.id)).toEqual(['b:0', 'a:0']);
  });

  it('counts and names entries it cannot read, and still lists the rest', () => {
    const sources = journal(
      ['good', { action: orders(order(0, true, '1', '30')), answer: ok(resting(7)), outcome: 'done' }],
      ['nojson', { action: { body: '{"action": ' }, answer: ok(resting(8)), outcome: 'done' }],
      [
        'notours',
        { action: { body: JSON.stringify({ action: { type: 'order', orders: 'x' } }) }, outcome: 'done' },
      ],
      ['lost', { action: orders(order(0, true, '1', '30')), answer: ok(resting(9)), outcome: 'done' }],
    );
    // The "prepared" line of 'lost' and the "answered" line of 'good' could not be decoded.
    const lostPrepared = sources.find((s) => s.row.actionId === 'lost' && s.row.step === 'prepared')!;
    lostPrepared.entry = null;
    const goodAnswered = sources.find((s) => s.row.actionId === 'good' && s.row.step === 'answered')!;
    goodAnswered.entry = null;
    const page = view(sources);
    expect(page.rows.map((r) => [r.id, r.status])).toEqual([['good:0', 'unknown']]);
    expect(page.unreadable).toBe(4);
    expect(page.unreadableNotes).toEqual([
      'entry 3 (answered of action good) could not be read',
      'entry 12 (prepared of action lost) could not be read',
      'action nojson: its request body is not JSON',
      'action notours: its request body is not an exchange action the console sends',
    ]);
  });

  it('reads the orders of a request the journal kept as a trimmed preview', () => {
    const big = orders(...Array.from({ length: 60 }, (_, i) => order(i, true, '1', '30')));
    const sources = journal([
      'big',
      { action: big, answer: ok(...big.orders.map((_, i) => resting(i + 1))), outcome: 'done' },
    ]);
    const prepared = sources[0]!;
    const detail = prepared.entry!.detail as { fields: unknown[] };
    detail.fields = Array.from({ length: 400 }, (_, i) => ({
      name: `action.orders[${i}].a`,
      value: String(i),
    }));
    prepared.entry!.detail = trimDetail(detail);
    expect(JSON.stringify(prepared.entry!.detail).length).toBeGreaterThan(DETAIL_MAX_BYTES);
    expect((prepared.entry!.detail as { trimmed?: boolean }).trimmed).toBe(true);
    const page = view(sources, { limit: 1000 });
    expect(page.total).toBe(60);
    expect(page.rows[59]).toMatchObject({ id: 'big:59', oid: '60', status: 'resting' });
    expect(page.unreadable).toBe(0);
  });
});

describe('journal.blotter (the handler, on a real journal)', () => {
  const dir = useTempDir('blotter-');
  const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Logger;

  it('rebuilds the orders from the journal files and counts a line damaged after it was written', async () => {
    const sources = journal(
      [
        'a1',
        {
          action: orders(order(0, true, '0.01', '30000')),
          answer: ok(resting(1_000_000_001)),
          outcome: 'done',
        },
      ],
      [
        'a2',
        { action: orders(order(1, false, '1', '20')), answer: ok(resting(1_000_000_002)), outcome: 'done' },
      ],
    );
    const journals = await Journals.open({ dataDir: dir() });
    for (const { entry } of sources) {
      const { seq: _s, time: _t, prevHash: _p, hash: _h, keyed: _k, ...record } = entry!;
      await journals.append(record);
    }
    await journals.close();
    // Damage the detail of a2's "answered" line: its prefix still indexes it, its JSON no longer parses.
    const folder = join(dir(), 'journal', 'ws-1');
    const file = join(
      folder,
      (await readdir(folder)).find((n) => n.endsWith('.jsonl'))!,
    );
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"oid":1000000002}', '"oid":1000000002'));

    const reopened = await Journals.open({ dataDir: dir() });
    try {
      const handlers = journalHandlers({ journals: reopened, exportPaths: new ExportPaths(), log });
      const res = await handlers['journal.blotter']({ workspaceId: 'ws-1' });
      expect(res.ok).toBe(true);
      if (!res.ok) return;
      expect(res.value.rows.map((r) => [r.id, r.status, r.oid, r.operator])).toEqual([
        ['a2:0', 'unknown', null, 'Dana Ops'],
        ['a1:0', 'resting', '1000000001', 'Dana Ops'],
      ]);
      expect(res.value.unreadable).toBe(1);
      const bad = await handlers['journal.blotter']({ workspaceId: '../x' });
      expect(bad.ok ? null : bad.error.code).toBe('bad-input');
    } finally {
      await reopened.close();
    }
  });
});
