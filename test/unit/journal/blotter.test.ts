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

describe('buildBlotter: what an operator reads of each problem and status', () => {
  const one = () => orders(order(0, true, '1', '30'));
  const bodyOf = (extra: Record<string, unknown>) => ({ body: JSON.stringify({ action: one(), ...extra }) });
  const step = (sources: BlotterSource[], actionId: string, name: JournalStep) =>
    sources.find((s) => s.row.actionId === actionId && s.row.step === name)!;

  it('names an action whose "prepared" entry is missing or holds no request body, and lists nothing for it', () => {
    const sources = journal(
      ['gone', { action: one(), answer: ok(resting(1)), outcome: 'done' }],
      ['nobody', { action: one(), answer: ok(resting(2)), outcome: 'done' }],
      ['numeric', { action: one(), answer: ok(resting(3)), outcome: 'done' }],
      ['nodetail', { action: one(), answer: ok(resting(4)), outcome: 'done' }],
      ['nopreview', { action: one(), answer: ok(resting(5)), outcome: 'done' }],
      ['nobodyinpreview', { action: one(), answer: ok(resting(6)), outcome: 'done' }],
    );
    const kept = sources.filter((s) => !(s.row.actionId === 'gone' && s.row.step === 'prepared'));
    step(kept, 'nobody', 'prepared').entry!.detail = { request: { method: 'POST' } };
    step(kept, 'numeric', 'prepared').entry!.detail = { request: { body: 12 } };
    step(kept, 'nodetail', 'prepared').entry!.detail = 'not a record';
    step(kept, 'nopreview', 'prepared').entry!.detail = { trimmed: true, preview: 7 };
    step(kept, 'nobodyinpreview', 'prepared').entry!.detail = { trimmed: true, preview: '{"fields":[' };
    const page = view(kept);
    expect(page.rows).toEqual([]);
    expect(page.unreadable).toBe(6);
    expect(page.unreadableNotes).toEqual([
      'action gone: its "prepared" entry is missing',
      'action nobody: its "prepared" entry holds no request body',
      'action numeric: its "prepared" entry holds no request body',
      'action nodetail: its "prepared" entry holds no request body',
      'action nopreview: its "prepared" entry holds no request body',
    ]);
  });

  it('does not read a body out of a preview that is not marked trimmed', () => {
    const sources = journal(['p', { action: one(), answer: ok(resting(1)), outcome: 'done' }]);
    const body = (sources[0]!.entry!.detail as { request: { body: string } }).request.body;
    sources[0]!.entry!.detail = { preview: `{"request":{"body":${JSON.stringify(body)}` };
    expect(view(sources)).toMatchObject({
      rows: [],
      unreadableNotes: ['action p: its "prepared" entry holds no request body'],
    });
    sources[0]!.entry!.detail = { trimmed: true, preview: `{"request":{"body":${JSON.stringify(body)}` };
    expect(view(sources).rows.map((r) => [r.id, r.status])).toEqual([['p:0', 'resting']]);
  });

  it('counts every unreadable entry but keeps the first five notes', () => {
    const sources = journal(
      ...Array.from({ length: 7 }, (_, i): [string, Plan] => [
        `x${i}`,
        { action: { body: 'nope' }, outcome: 'done' },
      ]),
    );
    const page = view(sources);
    expect(page.unreadable).toBe(7);
    expect(page.unreadableNotes).toEqual(
      [0, 1, 2, 3, 4].map((i) => `action x${i}: its request body is not JSON`),
    );
  });

  it('skips the lines of other actions, readable or not', () => {
    const sources = journal(['a', { action: one(), answer: ok(resting(1)), outcome: 'done' }]);
    const other = journal(['k', { action: one(), answer: ok(resting(2)), outcome: 'done' }]).map(
      (s): BlotterSource => ({ row: { ...s.row, action: 'keys.add', seq: s.row.seq + 100 }, entry: null }),
    );
    const page = view([...sources, ...other]);
    expect(page.rows.map((r) => r.id)).toEqual(['a:0']);
    expect(page).toMatchObject({ unreadable: 0, unreadableNotes: [] });
  });

  it('keeps a nonce given as a number or a string, and the vault address only when it is text', () => {
    const sources = journal(
      ['n1', { action: bodyOf({ nonce: 42 }), answer: ok(resting(1)), outcome: 'done' }],
      [
        'n2',
        { action: bodyOf({ nonce: '43', vaultAddress: '0xabc' }), answer: ok(resting(2)), outcome: 'done' },
      ],
      ['n3', { action: bodyOf({ nonce: true, vaultAddress: 5 }), answer: ok(resting(3)), outcome: 'done' }],
    );
    expect(view(sources).rows.map((r) => [r.id, r.nonce, r.vaultAddress])).toEqual([
      ['n3:0', null, null],
      ['n2:0', '43', '0xabc'],
      ['n1:0', '42', null],
    ]);
  });

  it('names the sender from the "prepared" entry when the "sent" one cannot be read', () => {
    const sources = journal(
      ['s1', { action: one(), answer: ok(resting(1)), outcome: 'done' }],
      ['s2', { action: one(), answer: ok(resting(2)), outcome: 'done' }],
    );
    step(sources, 's1', 'sent').entry = null;
    step(sources, 's2', 'sent').entry = null;
    step(sources, 's2', 'prepared').entry!.operator = 'Sam Ops';
    const page = view(sources);
    expect(page.rows.map((r) => [r.id, r.operator, r.keyId, r.status, r.side])).toEqual([
      ['s2:0', 'Sam Ops', 'key-fp-1', 'resting', 'buy'],
      ['s1:0', 'Dana Ops', 'key-fp-1', 'resting', 'buy'],
    ]);
    expect(page.unreadable).toBe(2);
  });

  it('says "no note" for a settlement recorded without a finding, and "the outcome is unknown" without a headline', () => {
    const sources = journal(
      ['d1', { action: one(), outcome: 'unknown', settled: { outcome: 'done', found: '' } }],
      ['d2', { action: one(), outcome: 'unknown', settled: { outcome: 'not-done', found: '' } }],
      ['d3', { action: one(), outcome: 'unknown', settled: { outcome: 'not-done', found: 'x' } }],
      ['u1', { action: one(), answer: { code: 'timeout' }, outcome: 'unknown' }],
      ['u2', { action: one(), answer: { code: 'timeout' }, outcome: 'unknown', headline: 'h' }],
    );
    step(sources, 'd3', 'settled').entry = null;
    step(sources, 'u2', 'outcome').entry!.detail = { result: { headline: '' } };
    expect(brief(sources)).toEqual([
      ['u2:0', 'unknown', 'the outcome is unknown', null, 'unknown'],
      ['u1:0', 'unknown', 'the outcome is unknown', null, 'unknown'],
      ['d3:0', 'error', 'not done (settled: no note)', null, 'failed'],
      ['d2:0', 'error', 'not done (settled: no note)', null, 'failed'],
      ['d1:0', 'unknown', 'settled as done: no note', null, 'unknown'],
    ]);
  });

  it('tells a refusal whose answer cannot be read from a done action whose answer cannot be read', () => {
    const sources = journal(
      ['r1', { action: one(), outcome: 'refused' }],
      ['r2', { action: one(), answer: { code: 'bad-input' }, outcome: 'not-done' }],
      ['r3', { action: one(), answer: { message: 42 }, outcome: 'refused' }],
      ['k1', { action: one(), outcome: 'done' }],
      ['k2', { action: one(), answer: { status: 'maybe' }, outcome: 'done' }],
    );
    expect(brief(sources)).toEqual([
      ['k2:0', 'unknown', 'the answer could not be read from the journal', null, 'unknown'],
      ['k1:0', 'unknown', 'the answer could not be read from the journal', null, 'unknown'],
      ['r3:0', 'error', 'refused (the answer could not be read)', null, 'failed'],
      ['r2:0', 'error', 'refused (the answer could not be read)', null, 'failed'],
      ['r1:0', 'error', 'refused (the answer could not be read)', null, 'failed'],
    ]);
  });

  it('notes an answer too large to keep whole, and leaves its orders unknown', () => {
    const sources = journal(['t1', { action: one(), answer: ok(resting(1)), outcome: 'done' }]);
    step(sources, 't1', 'answered').entry!.detail = { trimmed: true, preview: '{"status":200,"answer":{' };
    expect(view(sources)).toMatchObject({
      rows: [{ id: 't1:0', status: 'unknown', statusText: 'the answer could not be read from the journal' }],
      unreadable: 1,
      unreadableNotes: ['action t1: its answer was too large to keep whole'],
    });
  });

  it('matches no status when the answer carries another count than the orders sent', () => {
    const sources = journal([
      'c1',
      {
        action: orders(order(0, true, '1', '30'), order(0, true, '1', '31')),
        answer: ok(resting(1)),
        outcome: 'done',
      },
    ]);
    const text = 'the answer carried 1 statuses for 2 entries: none can be matched for sure';
    expect(brief(sources)).toEqual([
      ['c1:0', 'unknown', text, null, 'unknown'],
      ['c1:1', 'unknown', text, null, 'unknown'],
    ]);
  });

  it('words every status of an order, and the cloid the exchange gave back', () => {
    const sources = journal(
      [
        'all',
        {
          action: orders(
            order(0, true, '1', '30'),
            order(0, true, '1', '31', { c: CLOID }),
            order(0, false, '2', '29'),
          ),
          answer: ok(
            { resting: { oid: 5, cloid: '0xfeed' } },
            { resting: { oid: 6, cloid: '0xfeed' } },
            {
              filled: { totalSz: '2', avgPx: '29.5', oid: 7 },
            },
          ),
          outcome: 'done',
        },
      ],
      [
        'odd',
        {
          action: orders(order(0, true, '1', '30'), order(0, true, '1', '30')),
          answer: ok('success', 'waitingForFill'),
          outcome: 'done',
        },
      ],
      [
        'no',
        { action: orders(order(0, true, '1', '30')), answer: ok({ error: 'nope' }), outcome: 'refused' },
      ],
    );
    const rows = view(sources).rows;
    expect(rows.map((r) => [r.id, r.status, r.statusText, r.oid, r.cloid, r.batch])).toEqual([
      ['no:0', 'error', 'nope', null, null, 'failed'],
      ['odd:0', 'unknown', 'the exchange answered success for this order', null, null, 'unknown'],
      ['odd:1', 'unknown', 'the exchange answered waitingForFill for this order', null, null, 'unknown'],
      ['all:0', 'resting', 'resting', '5', '0xfeed', 'all-ok'],
      ['all:1', 'resting', 'resting', '6', CLOID, 'all-ok'],
      ['all:2', 'filled', 'filled 2 @ 29.5', '7', null, 'all-ok'],
    ]);
    expect(rows.map((r) => r.side)).toEqual(['buy', 'buy', 'buy', 'buy', 'buy', 'sell']);
  });

  it('calls a batch unknown when any one of its orders is, whatever the others say', () => {
    const sources = journal([
      'mix',
      {
        action: orders(order(0, true, '1', '30'), order(0, true, '1', '31')),
        answer: ok('waitingForFill', resting(2)),
        outcome: 'done',
      },
    ]);
    expect(brief(sources)).toEqual([
      ['mix:0', 'unknown', 'the exchange answered waitingForFill for this order', null, 'unknown'],
      ['mix:1', 'resting', 'resting', '2', 'unknown'],
    ]);
  });

  it('still lists an order whose "outcome" line cannot be read or records no outcome', () => {
    const sources = journal(
      ['o1', { action: one(), answer: { code: 'timeout' }, outcome: 'unknown', headline: 'h' }],
      ['o2', { action: one(), answer: ok(resting(2)), outcome: 'done' }],
      ['j1', { action: { body: 'null' }, outcome: 'done' }],
    );
    step(sources, 'o1', 'outcome').entry = null;
    step(sources, 'o2', 'outcome').row.outcome = null;
    const page = view(sources);
    expect(page.rows.map((r) => [r.id, r.status, r.statusText])).toEqual([
      ['o2:0', 'unknown', 'sent, and no outcome was recorded: the request may have left'],
      ['o1:0', 'unknown', 'the outcome is unknown'],
    ]);
    expect(page.unreadableNotes).toEqual([
      'entry 4 (outcome of action o1) could not be read',
      'action j1: its request body is not an exchange action the console sends',
    ]);
  });

  it('gives a trigger order its kind as the order type', () => {
    const trigger = order(0, false, '1', '30', {
      t: { trigger: { isMarket: true, triggerPx: '29', tpsl: 'sl' } },
    });
    const sources = journal(['tr', { action: orders(trigger), answer: ok(resting(1)), outcome: 'done' }]);
    expect(view(sources).rows.map((r) => r.orderType)).toEqual(['trigger sl']);
  });
});

describe('buildBlotter: what follow-ups say', () => {
  const placed = (id: string, oid: number, extra: Record<string, unknown> = {}): [string, Plan] => [
    id,
    { action: orders(order(0, true, '1', '30', extra)), answer: ok(resting(oid)), outcome: 'done' },
  ];
  const follow = (sources: BlotterSource[]) => new Map(view(sources).rows.map((r) => [r.id, r]));

  it("says a settled cancel is done with the operator's finding, or failed when settled as not done", () => {
    const sources = journal(
      placed('o1', 101),
      placed('o2', 102),
      [
        'c1',
        {
          action: { type: 'cancel', cancels: [{ a: 0, o: 101 }] },
          outcome: 'unknown',
          settled: { outcome: 'done', found: 'gone from the book' },
        },
      ],
      [
        'c2',
        {
          action: { type: 'cancel', cancels: [{ a: 0, o: 102 }] },
          outcome: 'unknown',
          settled: { outcome: 'not-done', found: 'still resting' },
        },
      ],
    );
    const rows = follow(sources);
    expect(rows.get('o1:0')?.followUps).toEqual([
      {
        kind: 'cancel',
        actionId: 'c1',
        time: expect.any(String),
        state: 'done',
        message: 'gone from the book',
      },
    ]);
    expect(rows.get('o2:0')?.followUps).toEqual([
      {
        kind: 'cancel',
        actionId: 'c2',
        time: expect.any(String),
        state: 'failed',
        message: 'not done (settled: still resting)',
      },
    ]);
  });

  it('gives a new oid only for a modify answered resting or filled', () => {
    const mod = (oid: number, p: string) => ({ oid, order: order(0, true, '1', p) });
    const sources = journal(placed('o1', 101), placed('o2', 102), placed('o3', 103), placed('o4', 104), [
      'm1',
      {
        action: {
          type: 'batchModify',
          modifies: [mod(101, '31'), mod(102, '32'), mod(103, '33'), mod(104, '34')],
        },
        answer: ok({ filled: { totalSz: '1', avgPx: '31', oid: 201 } }, 'success', 'waitingForFill', {
          error: 'too far',
        }),
        outcome: 'done',
      },
    ]);
    const rows = follow(sources);
    expect(
      [1, 2, 3, 4].map((i) =>
        rows.get(`o${i}:0`)?.followUps.map((f) => [f.state, f.change, f.newOid ?? null, f.message ?? null]),
      ),
    ).toEqual([
      [['done', '1 @ 31', '201', null]],
      [['done', '1 @ 32', null, null]],
      [['done', '1 @ 33', null, null]],
      [['failed', '1 @ 34', null, 'too far']],
    ]);
    expect([1, 2, 3, 4].map((i) => rows.get(`o${i}:0`)?.liveOid)).toEqual(['201', '102', '103', '104']);
  });

  it('links a modify that names the order by its cloid, in any case', () => {
    const upper = CLOID.toUpperCase().replace('0X', '0x');
    const sources = journal(
      placed('o1', 101, { c: CLOID }),
      placed('o2', 102, { c: CLOID.replace('1234', 'abcd') }),
      [
        'm1',
        {
          action: { type: 'modify', oid: upper, order: order(0, true, '2', '31') },
          answer: { status: 'ok', response: { type: 'default' } },
          outcome: 'done',
        },
      ],
      [
        'm2',
        {
          action: {
            type: 'batchModify',
            modifies: [{ oid: CLOID.replace('1234', 'ABCD'), order: order(0, true, '3', '32') }],
          },
          answer: ok('success'),
          outcome: 'done',
        },
      ],
    );
    const rows = follow(sources);
    expect(rows.get('o1:0')?.followUps.map((f) => [f.actionId, f.state, f.change])).toEqual([
      ['m1', 'done', '2 @ 31'],
    ]);
    expect(rows.get('o2:0')?.followUps.map((f) => [f.actionId, f.state, f.change])).toEqual([
      ['m2', 'done', '3 @ 32'],
    ]);
  });
});
