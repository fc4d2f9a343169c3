/**
 * What verifyDelivery tells the operator, beyond the verdict that verify.test.ts checks: the
 * reason shown next to each delivery, the fields read from a delivery it refuses, and header
 * lookup. Found missing by mutation testing (docs/testing.md).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { DEFAULT_WINDOW_MS, headerValue, verifyDelivery } from '../../../src/main/webhooks/verify';

const SECRET = 'webhook-reasons-secret';
const signer = createHmacSigner('key-1', SECRET);
const NOW = 1_750_000_000_000;

const sign = (timestamp: string, eventId: string, body: string): string =>
  createHmac('sha256', SECRET)
    .update(timestamp + eventId + body)
    .digest('hex');

function delivery(fields: Record<string, unknown> = {}, timestamp = String(NOW - 1000)) {
  const content = {
    event: 'loan-updated',
    eventId: 'evt-1',
    payload: { loanId: 'l-1' },
    subscriptionId: 'sub-1',
    ...fields,
  };
  const body = JSON.stringify(content);
  const headers: Record<string, string | undefined> = {
    'X-Signature': sign(timestamp, typeof content.eventId === 'string' ? content.eventId : '', body),
    'X-Timestamp': timestamp,
  };
  return { headers, body };
}

const check = (headers: Record<string, string | readonly string[] | undefined>, body: string) =>
  verifyDelivery({ signer, headers, rawBody: Buffer.from(body), now: NOW });

describe('verifyDelivery reasons', () => {
  it('names what is wrong with a malformed delivery', () => {
    const d = delivery();
    const sig = d.headers['X-Signature'] ?? '';
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ ...d.headers, 'X-Signature': undefined }, d.body, 'missing header X-Signature'],
      [
        { ...d.headers, 'X-Signature': `x${sig}` },
        d.body,
        'X-Signature is not 64 hex digits (a hex HMAC-SHA256)',
      ],
      [
        { ...d.headers, 'X-Signature': `${sig}0` },
        d.body,
        'X-Signature is not 64 hex digits (a hex HMAC-SHA256)',
      ],
      [{ ...d.headers, 'X-Timestamp': undefined }, d.body, 'missing header X-Timestamp'],
      [{ ...d.headers, 'X-Timestamp': '1.5' }, d.body, 'X-Timestamp is not epoch milliseconds'],
      [d.headers, 'null', 'the body is not a JSON object'],
      [d.headers, '42', 'the body is not a JSON object'],
      [d.headers, '"text"', 'the body is not a JSON object'],
      [d.headers, '[]', 'the body is not a JSON object'],
    ];
    for (const [headers, body, reason] of cases) {
      const v = check(headers, body);
      expect([v.verdict, v.reason], body).toEqual(['malformed', reason]);
    }
  });

  it('names the missing or mistyped body field, even when the signature covers the body', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ eventId: '' }, 'the body has no eventId (a string), which the signature covers'],
      [{ eventId: 7 }, 'the body has no eventId (a string), which the signature covers'],
      [{ event: null }, 'the body has no event (a string)'],
      [{ subscriptionId: 5 }, 'the body has no subscriptionId (a string)'],
      [{ payload: null }, 'the body has no payload (a JSON object; a list is not one)'],
      [{ payload: 'text' }, 'the body has no payload (a JSON object; a list is not one)'],
    ];
    for (const [fields, reason] of cases) {
      const d = delivery(fields);
      const v = check(d.headers, d.body);
      expect([v.verdict, v.reason], d.body).toEqual(['malformed', reason]);
    }
  });

  it('says why a delivery is invalid', () => {
    const d = delivery();
    const noKey = verifyDelivery({
      signer: null,
      headers: d.headers,
      rawBody: Buffer.from(d.body),
      now: NOW,
    });
    expect([noKey.verdict, noKey.reason]).toEqual(['invalid', 'the workspace has no API key to verify with']);
    const otherId = check({ ...d.headers, 'X-Id': 'sub-2' }, d.body);
    expect([otherId.verdict, otherId.reason]).toEqual([
      'invalid',
      "X-Id does not match the body's subscriptionId",
    ]);
  });

  it('accepts a genuine delivery that carries no X-Id, and says so', () => {
    const d = delivery();
    const v = check(d.headers, d.body);
    expect([v.verdict, v.reason]).toEqual([
      'valid',
      "signature valid with this workspace's key; timestamp within the window",
    ]);
    expect(v.subscriptionId).toBe('sub-1');
    expect(v.timestamp).toBe(String(NOW - 1000));
  });

  it('tells an old delivery from one dated in the future, in seconds', () => {
    const old = delivery({}, String(NOW - DEFAULT_WINDOW_MS - 1_400));
    expect(check(old.headers, old.body).reason).toBe(
      'signature valid, but the timestamp is 301 s old (window ±300 s)',
    );
    const ahead = delivery({}, String(NOW + DEFAULT_WINDOW_MS + 20_600));
    expect(check(ahead.headers, ahead.body).reason).toBe(
      'signature valid, but the timestamp is 321 s in the future (window ±300 s)',
    );
  });
});

describe('verifyDelivery fields of a refused delivery', () => {
  it('keeps what it could read: subscription from the body or else X-Id, and the timestamp', () => {
    const noSub = delivery({ subscriptionId: undefined });
    const v = check({ ...noSub.headers, 'X-Id': 'sub-from-header' }, noSub.body);
    expect(v.verdict).toBe('malformed');
    expect(v).toMatchObject({
      subscriptionId: 'sub-from-header',
      timestamp: String(NOW - 1000),
      event: 'loan-updated',
      eventId: 'evt-1',
    });
    const bare = check({}, 'not json');
    expect(bare).toMatchObject({
      event: null,
      eventId: null,
      subscriptionId: null,
      timestamp: null,
      payload: null,
    });
  });
});

describe('headerValue', () => {
  it('finds a header in any case, takes the first of repeated values, and trims it', () => {
    expect(headerValue({ 'x-id': '  sub-1 \t' }, 'X-Id')).toBe('sub-1');
    expect(headerValue({ 'X-ID': ['first', 'second'] }, 'x-id')).toBe('first');
    expect(headerValue({ 'x-id': [], 'X-Id': 'later' }, 'x-id')).toBe('later');
    expect(headerValue({ 'x-other': 'v' }, 'x-id')).toBeUndefined();
  });
  it('reads repeated signature headers through verifyDelivery', () => {
    const d = delivery();
    const v = check(
      { 'x-signature': [d.headers['X-Signature'] ?? '', 'junk'], 'x-timestamp': d.headers['X-Timestamp'] },
      d.body,
    );
    expect(v.verdict).toBe('valid');
  });
});
