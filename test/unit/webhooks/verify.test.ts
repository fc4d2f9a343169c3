import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { curlFor, shellQuote } from '../../../src/main/webhooks/curl';
import { DEFAULT_WINDOW_MS, verifyDelivery } from '../../../src/main/webhooks/verify';

const SECRET = 'webhook-test-secret';
const signer = createHmacSigner('key-1', SECRET);
const NOW = 1_750_000_000_000;

/** A delivery signed by the reference rule, computed here with node:crypto directly. */
function delivery(overrides: { timestamp?: number; eventId?: string; secret?: string } = {}) {
  const eventId = overrides.eventId ?? 'evt-1';
  const timestamp = String(overrides.timestamp ?? NOW - 1000);
  const body = JSON.stringify({
    event: 'loan-updated',
    eventId,
    payload: { action: 'approve', loan: { loanId: 'l-1' } },
    subscriptionId: 'sub-1',
  });
  const signature = createHmac('sha256', overrides.secret ?? SECRET)
    .update(timestamp + eventId + body)
    .digest('hex');
  return { headers: { 'X-Signature': signature, 'X-Timestamp': timestamp, 'X-Id': 'sub-1' }, body };
}

const check = (headers: Record<string, string | undefined>, body: string, now = NOW) =>
  verifyDelivery({ signer, headers, rawBody: Buffer.from(body), now });

describe('verifyDelivery', () => {
  it('accepts a delivery signed over timestamp + eventId + raw body', () => {
    const d = delivery();
    const v = check(d.headers, d.body);
    expect(v.verdict).toBe('valid');
    expect(v).toMatchObject({ event: 'loan-updated', eventId: 'evt-1', subscriptionId: 'sub-1' });
    expect(v.payload).toEqual({ action: 'approve', loan: { loanId: 'l-1' } });
  });

  it('reads header names in any case and hex in either case', () => {
    const d = delivery();
    const lower = {
      'x-signature': d.headers['X-Signature'].toUpperCase(),
      'x-timestamp': d.headers['X-Timestamp'],
      'x-id': 'sub-1',
    };
    expect(check(lower, d.body).verdict).toBe('valid');
  });

  it('calls tampering invalid: timestamp, eventId, body, signature, X-Id, another key', () => {
    const d = delivery();
    const ts = String(Number(d.headers['X-Timestamp']) + 1);
    expect(check({ ...d.headers, 'X-Timestamp': ts }, d.body).verdict).toBe('invalid');
    expect(check(d.headers, d.body.replace('evt-1', 'evt-2')).verdict).toBe('invalid');
    expect(check(d.headers, d.body.replace('l-1', 'l-2')).verdict).toBe('invalid');
    expect(check(d.headers, `${d.body} `).verdict).toBe('invalid');
    const sig = d.headers['X-Signature'];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(check({ ...d.headers, 'X-Signature': flipped }, d.body).verdict).toBe('invalid');
    expect(check({ ...d.headers, 'X-Id': 'sub-2' }, d.body).verdict).toBe('invalid');
    const other = delivery({ secret: 'other' });
    expect(check(other.headers, other.body).reason).toMatch(/does not match/);
    expect(
      verifyDelivery({ signer: null, headers: d.headers, rawBody: Buffer.from(d.body), now: NOW }).verdict,
    ).toBe('invalid');
  });

  it('calls a genuine delivery outside the window stale, either way', () => {
    const old = delivery({ timestamp: NOW - DEFAULT_WINDOW_MS - 1 });
    expect(check(old.headers, old.body).verdict).toBe('stale');
    const future = delivery({ timestamp: NOW + DEFAULT_WINDOW_MS + 1 });
    expect(check(future.headers, future.body).verdict).toBe('stale');
    const edge = delivery({ timestamp: NOW - DEFAULT_WINDOW_MS });
    expect(check(edge.headers, edge.body).verdict).toBe('valid');
    // A forged delivery is invalid whatever its age.
    const forged = delivery({ timestamp: NOW - 10 * DEFAULT_WINDOW_MS, secret: 'other' });
    expect(check(forged.headers, forged.body).verdict).toBe('invalid');
    const narrow = verifyDelivery({
      signer,
      headers: edge.headers,
      rawBody: Buffer.from(edge.body),
      now: NOW,
      windowMs: 1000,
    });
    expect(narrow.verdict).toBe('stale');
  });

  it('calls unreadable deliveries malformed', () => {
    const d = delivery();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ ...d.headers, 'X-Signature': undefined }, d.body],
      [{ ...d.headers, 'X-Signature': 'abc' }, d.body],
      [{ ...d.headers, 'X-Signature': 'z'.repeat(64) }, d.body],
      [{ ...d.headers, 'X-Timestamp': undefined }, d.body],
      [{ ...d.headers, 'X-Timestamp': '12:00' }, d.body],
      [d.headers, 'not json'],
      [d.headers, '[1,2]'],
      [d.headers, JSON.stringify({ event: 'x', payload: {}, subscriptionId: 's' })],
      [d.headers, JSON.stringify({ eventId: 'e', payload: {}, subscriptionId: 's' })],
      [d.headers, JSON.stringify({ event: 'x', eventId: 'e', subscriptionId: 's' })],
      [d.headers, JSON.stringify({ event: 'x', eventId: 'e', payload: {} })],
    ];
    for (const [headers, body] of cases) expect(check(headers, body).verdict, body).toBe('malformed');
  });
});

describe('verifyDelivery: payload must be a JSON object (issue 18)', () => {
  it('calls a correctly signed delivery whose payload is a list malformed', () => {
    const eventId = 'evt-list';
    const timestamp = String(NOW - 1000);
    for (const payload of [[], [{ loanId: 'l-1' }]]) {
      const body = JSON.stringify({ event: 'loan-updated', eventId, payload, subscriptionId: 'sub-1' });
      const signature = createHmac('sha256', SECRET)
        .update(timestamp + eventId + body)
        .digest('hex');
      const v = check({ 'X-Signature': signature, 'X-Timestamp': timestamp }, body);
      expect(v.verdict, body).toBe('malformed');
      expect(v.reason).toMatch(/payload \(a JSON object; a list is not one\)/);
    }
  });
});

describe('copy as curl', () => {
  it('single-quotes everything so nothing breaks out of its argument', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const cmd = curlFor('http://127.0.0.1:1/x', { 'X-Id': "a'b" }, `{"a":"$(rm -rf /)'"}`);
    expect(cmd).toBe(
      `curl -sS -X POST 'http://127.0.0.1:1/x' -H 'X-Id: a'\\''b' --data-binary '{"a":"$(rm -rf /)'\\''"}'`,
    );
  });
});
