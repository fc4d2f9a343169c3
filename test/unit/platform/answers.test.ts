/**
 * The answer mapping (src/main/platform/answers.ts) through its pure exports: which refusals are
 * authentication failures, how platform text is cleaned, which envelopes are read, and the code
 * and wording for each status. Found missing by mutation testing.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_ERROR_BODY_BYTES,
  cleanDetails,
  cleanMessage,
  errorForStatus,
  isAuthRefusal,
  parseEnvelope,
  type ErrorEnvelope,
} from '../../../src/main/platform/answers';

const env = (error: string, message = ''): ErrorEnvelope => ({ error, message });
const statusError = (status: number, envelope: ErrorEnvelope | null = null, statusText = '') =>
  errorForStatus({ status, statusText, what: 'GET /platform/x', envelope, apiKey: 'AKEY-1234' }).error;

describe('isAuthRefusal', () => {
  it('reads either the error code or the message', () => {
    expect(isAuthRefusal(null)).toBe(false);
    expect(isAuthRefusal(env('invalid-signature'))).toBe(true);
    expect(isAuthRefusal(env('bad-request', 'Signature mismatch'))).toBe(true);
    expect(isAuthRefusal(env('bad-request', 'amount is too small'))).toBe(false);
  });
});

describe('cleanMessage', () => {
  it('turns control characters into spaces, trims, redacts the key, and bounds the length', () => {
    expect(cleanMessage('  a\u0000b\nc  ', undefined)).toBe('a b c');
    expect(cleanMessage('key AKEY-1234 refused', 'AKEY-1234')).toBe('key [api key] refused');
    expect(cleanMessage('key abc refused', 'abc')).toBe('key abc refused'); // too short to redact safely
    expect(cleanMessage('key abcd refused', 'abcd')).toBe('key [api key] refused');
    expect(cleanMessage('x'.repeat(500), undefined)).toBe('x'.repeat(500));
    expect(cleanMessage('x'.repeat(501), undefined)).toBe(`${'x'.repeat(500)}…`);
  });
  it('drops details that are empty once cleaned', () => {
    expect(cleanDetails(undefined, undefined)).toBeUndefined();
    expect(cleanDetails({ a: ' \n ' }, undefined)).toBeUndefined();
    expect(cleanDetails({ a: ' x ', b: '' }, undefined)).toEqual({ a: 'x' });
  });
});

describe('parseEnvelope', () => {
  it('reads error and message, either alone, and keeps bounded extra fields', () => {
    expect(parseEnvelope('{"error":"e"}')).toEqual({ error: 'e', message: '' });
    expect(parseEnvelope('{"message":"m"}')).toEqual({ error: '', message: 'm' });
    expect(
      parseEnvelope('{"error":"e","message":"m","requestId":"r-1","code":7,"n":null,"inf":1e999}'),
    ).toEqual({
      error: 'e',
      message: 'm',
      extra: { requestId: 'r-1', code: '7' },
    });
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, String(i)]));
    expect(Object.keys(parseEnvelope(JSON.stringify({ error: 'e', ...many }))?.extra ?? {})).toHaveLength(20);
    expect(parseEnvelope(JSON.stringify({ error: 'e', 'bad key': 'x', ok_key: 'y' }))?.extra).toEqual({
      ok_key: 'y',
    });
  });
  it('reads nothing from what is not an error envelope', () => {
    for (const text of ['', 'null', '"text"', '[1]', '{"error":1,"message":2}', '{"other":"x"}', 'not json'])
      expect(parseEnvelope(text), text).toBeNull();
    const big = JSON.stringify({ error: 'e', message: 'm'.repeat(MAX_ERROR_BODY_BYTES) });
    expect(parseEnvelope(big)).toBeNull();
    const justFits = JSON.stringify({ error: 'e', message: '' });
    expect(parseEnvelope(justFits.padEnd(MAX_ERROR_BODY_BYTES, ' '))).toEqual({ error: 'e', message: '' });
  });
});

describe('errorForStatus', () => {
  it('says what each status means when the platform says nothing', () => {
    expect(statusError(400)).toMatchObject({
      code: 'bad-request',
      message: 'HTTP 400 for GET /platform/x: the platform refused the request',
      status: 400,
    });
    expect(statusError(403, null, 'Forbidden').message).toBe(
      'HTTP 403 Forbidden for GET /platform/x: the API key is not allowed to do this',
    );
    expect(statusError(409).message).toBe(
      'HTTP 409 for GET /platform/x: the resource is not in a state that allows this',
    );
    expect(statusError(404).message).toBe('HTTP 404 for GET /platform/x: not found');
    expect(statusError(429).message).toBe(
      'HTTP 429 for GET /platform/x: too many requests, the platform asks to slow down',
    );
    expect(statusError(401)).toMatchObject({
      code: 'auth-failed',
      message: 'The platform refused the API key or signature (HTTP 401 for GET /platform/x)',
    });
    expect(statusError(500)).toMatchObject({
      code: 'server-error',
      message: 'HTTP 500 for GET /platform/x: the platform failed',
    });
    expect(statusError(599).code).toBe('server-error');
    expect(statusError(600)).toMatchObject({ code: 'http-error', message: 'HTTP 600 for GET /platform/x' });
    expect(statusError(300)).toMatchObject({
      code: 'http-error',
      message: 'HTTP 300 for GET /platform/x: unexpected redirect, not followed',
    });
    expect(statusError(399).message).toMatch(/unexpected redirect/);
    expect(statusError(299)).toMatchObject({ code: 'http-error', message: 'HTTP 299 for GET /platform/x' });
    expect(statusError(418)).toMatchObject({ code: 'http-error', message: 'HTTP 418 for GET /platform/x' });
  });
  it('classes a 400 or 403 that refuses the key or signature as an auth failure, and nothing else', () => {
    expect(statusError(400, env('invalid-signature', 'Signature mismatch')).code).toBe('auth-failed');
    expect(statusError(403, env('unauthorized', 'nope')).code).toBe('auth-failed');
    expect(statusError(409, env('invalid-signature', 'x')).code).toBe('conflict');
    expect(statusError(400, env('bad-request', 'amount too small')).code).toBe('bad-request');
  });
  it("prefers the platform's cleaned words, and keeps its code and details", () => {
    const e = errorForStatus({
      status: 400,
      statusText: '',
      what: 'POST /platform/x',
      envelope: { error: 'bad-amount', message: 'amount\tbad for AKEY-1234', extra: { requestId: ' r-9 ' } },
      apiKey: 'AKEY-1234',
    }).error;
    expect(e).toEqual({
      code: 'bad-request',
      message: 'amount bad for [api key]',
      status: 400,
      platformError: 'bad-amount',
      details: { requestId: 'r-9' },
    });
    expect(statusError(500, env('', ''))).not.toHaveProperty('details');
  });
});
