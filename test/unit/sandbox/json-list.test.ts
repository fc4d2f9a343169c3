import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { SandboxClock } from '../../../src/sandbox/clock';
import { jsonList, jsonPage } from '../../../src/sandbox/router';
import { SandboxStore } from '../../../src/sandbox/state/store';

const encode = (record: object) => Buffer.from(JSON.stringify(record));

/** A small seeded store on a clock that stands still. */
const smallStore = () =>
  new SandboxStore({
    seed: 1,
    size: 'small',
    pendingActivationMs: 30_000,
    clock: new SandboxClock(() => 1_760_000_000_000),
  });

describe('jsonList', () => {
  it('produces exactly the bytes JSON.stringify would, for any records and tail', () => {
    const records = [
      { id: '1', name: 'plain' },
      { id: '2', name: 'quotes " and \\ and \n and <script>', amount: '-0.5' },
      { id: '3', name: 'ünïcødé 💸', nested: { a: [1, { b: null }] } },
    ];
    const cases: Array<[string, object[], Record<string, unknown> | undefined]> = [
      ['actions', records, { pagination: { limit: '100', page: '1', pages: '3', totalItems: '300' } }],
      ['activities', records, undefined],
      ['cryptoAddresses', [], undefined],
      ['actions', [], { pagination: { limit: '1' } }],
      ['odd "key"', records.slice(0, 1), {}],
    ];
    for (const [key, items, rest] of cases) {
      const reply = jsonList(encode, key, items, rest);
      expect('body' in reply).toBe(true);
      if (!('body' in reply)) continue;
      expect(reply.body.toString('utf8')).toBe(JSON.stringify({ [key]: items, ...rest }));
    }
  });
});

describe('jsonPage', () => {
  const store = smallStore();
  const records = [
    { id: '1', name: 'plain' },
    { id: '2', name: 'quotes " and \\ and \n and <script>', amount: '-0.5' },
    { id: '3', name: 'ünïcødé 💸', nested: { a: [1, { b: null }] } },
    { id: '4', name: '' },
  ];
  const text = (reply: ReturnType<typeof jsonPage>): string =>
    'parts' in reply ? Buffer.concat(reply.parts).toString('utf8') : '';

  it('answers every page as JSON.stringify of that slice would, tail included', () => {
    const rest = { pagination: { limit: '2', page: '1' } };
    for (let offset = 0; offset <= records.length + 1; offset++) {
      for (const limit of [1, 2, 3, 10]) {
        const page = records.slice(offset, offset + limit);
        expect(text(jsonPage(store, 'actions', records, offset, limit, rest))).toBe(
          JSON.stringify({ actions: page, ...rest }),
        );
        expect(text(jsonPage(store, 'activities', records, offset, limit))).toBe(
          JSON.stringify({ activities: page }),
        );
      }
    }
  });

  it('shows a record as it is after a change, not as it was encoded before', () => {
    const list = [{ id: 'a', status: 'pending' }];
    expect(text(jsonPage(store, 'x', list, 0, 1))).toContain('pending');
    (list[0] as { status: string }).status = 'executed';
    store.changed();
    expect(text(jsonPage(store, 'x', list, 0, 1))).toBe('{"x":[{"id":"a","status":"executed"}]}');
  });
});

describe('csvRange', () => {
  const store = smallStore();
  const columns = ['id', 'text'] as const;
  const rows = [
    { id: '1', text: 'plain' },
    { id: '2', text: 'comma, "quote"\r\nbreak' },
    { id: '3', text: 'ünïcødé 💸 =HYPERLINK("x")' },
    { id: '4', text: '' },
  ];

  it('answers every page as csv-stringify writes that slice (CRLF records)', () => {
    for (let offset = 0; offset <= rows.length + 1; offset++) {
      for (const limit of [1, 2, 3, 10]) {
        const page = rows.slice(offset, offset + limit).map((r) => [r.id, r.text]);
        const expected = page.length === 0 ? '' : stringify(page, { record_delimiter: 'windows' });
        expect(store.csvRange(rows, columns, offset, offset + limit).toString('utf8')).toBe(expected);
      }
    }
  });

  it('shows a record as it is after a change', () => {
    const list = [{ id: 'a', text: 'before' }];
    expect(store.csvRange(list, columns, 0, 1).toString()).toBe('a,before\r\n');
    (list[0] as { text: string }).text = 'after';
    store.changed();
    expect(store.csvRange(list, columns, 0, 1).toString()).toBe('a,after\r\n');
  });
});
