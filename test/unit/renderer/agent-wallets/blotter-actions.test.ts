/** A blotter row's Cancel and Modify: when they are offered, how they name the order, what a later action reads as. */
import { describe, expect, it } from 'vitest';
import type { BlotterFollowUp, BlotterRow } from '../../../../src/shared/blotter';
import {
  followUpText,
  rowRef,
  whyNotChange,
} from '../../../../src/renderer/src/features/agent-wallets/blotter-actions';
import { cancelBody } from '../../../../src/renderer/src/features/agent-wallets/order-ticket';

const CLOID = '0x1234567890abcdef1234567890abcdef';
const row = (over: Partial<BlotterRow> = {}): BlotterRow => ({
  id: 'a1:0',
  actionId: 'a1',
  index: 0,
  batchSize: 1,
  batch: 'all-ok',
  time: '2026-01-01T00:00:00.000Z',
  operator: 'Dana Ops',
  environment: 'sandbox',
  keyId: 'fp',
  vaultAddress: null,
  nonce: '1',
  order: { a: 3, b: true, p: '30000', s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } },
  side: 'buy',
  orderType: 'Gtc',
  status: 'resting',
  statusText: 'resting',
  oid: '1000000001',
  liveOid: '1000000001',
  cloid: null,
  followUps: [],
  ...over,
});
const follow = (kind: 'cancel' | 'modify', state: BlotterFollowUp['state'], extra = {}): BlotterFollowUp => ({
  kind,
  actionId: 'x',
  time: '2026-01-01T00:01:00.000Z',
  state,
  ...extra,
});

describe('whyNotChange', () => {
  it.each([
    ['a resting order', row(), null],
    ['a filled order', row({ status: 'filled' }), 'Filled: nothing rests to change.'],
    [
      'a refused order',
      row({ status: 'error', oid: null, liveOid: null }),
      'Refused by the exchange: it never rested.',
    ],
    ['a cancelled order', row({ followUps: [follow('cancel', 'done')] }), 'Already cancelled.'],
    ['after a cancel that failed', row({ followUps: [follow('cancel', 'failed', { message: 'no' })] }), null],
    ['after a modify that went through', row({ followUps: [follow('modify', 'done')] }), null],
    [
      'while a cancel is unknown',
      row({ followUps: [follow('cancel', 'sent')] }),
      expect.stringMatching(/^A cancel was sent and its outcome is unknown/),
    ],
    [
      'while a modify is unknown',
      row({ followUps: [follow('modify', 'sent')] }),
      expect.stringMatching(/^A modify was sent/),
    ],
    [
      'an unknown outcome with no oid nor cloid',
      row({ status: 'unknown', oid: null, liveOid: null }),
      expect.stringMatching(/no oid or cloid/),
    ],
    [
      'an unknown outcome with a cloid',
      row({ status: 'unknown', oid: null, liveOid: null, cloid: CLOID }),
      null,
    ],
  ])('%s', (_name, r, expected) => {
    expect(whyNotChange(r)).toEqual(expected);
  });
});

describe('rowRef and the cancel it makes', () => {
  it('names the order by the oid a modify gave it, else the first, else its cloid', () => {
    expect(rowRef(row({ liveOid: '1000000007' }))).toBe('1000000007');
    expect(rowRef(row({ cloid: CLOID }))).toBe('1000000001');
    expect(rowRef(row({ oid: null, liveOid: null, cloid: CLOID }))).toBe(CLOID);
    expect(rowRef(row({ oid: null, liveOid: null }))).toBeNull();
  });

  it('is exactly one cancel of the row asset, by oid or by cloid', () => {
    const byOid = row({ liveOid: '1000000007' });
    expect(cancelBody(byOid.order.a, rowRef(byOid)!)).toEqual({
      ok: true,
      action: { type: 'cancel', cancels: [{ a: 3, o: 1000000007 }] },
    });
    const byCloid = row({ oid: null, liveOid: null, cloid: CLOID });
    expect(cancelBody(byCloid.order.a, rowRef(byCloid)!)).toEqual({
      ok: true,
      action: { type: 'cancelByCloid', cancels: [{ asset: 3, cloid: CLOID }] },
    });
  });
});

describe('followUpText', () => {
  it.each([
    [follow('cancel', 'done'), 'cancelled'],
    [follow('cancel', 'sent'), 'cancel sent'],
    [
      follow('cancel', 'failed', { message: 'Order was never placed' }),
      'cancel failed: Order was never placed',
    ],
    [follow('modify', 'done', { change: '0.02 @ 30100', newOid: '9' }), 'modified to 0.02 @ 30100 (oid 9)'],
    [follow('modify', 'sent', { change: '0.02 @ 30100' }), 'modify sent to 0.02 @ 30100'],
    [follow('modify', 'failed', { message: 'Cannot modify' }), 'modify failed: Cannot modify'],
  ])('%o reads "%s"', (f, text) => {
    expect(followUpText(f)).toBe(text);
  });
});
