/**
 * The answer mapping (src/main/platform/answers.ts) through its pure exports: which refusals are
 * authentication failures, how platform text is cleaned, which envelopes are read, and the code
 * and wording for each status. Found missing by mutation testing.
 */
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import * as lossless from 'lossless-json';
import {
  MAX_ERROR_BODY_BYTES,
  cleanDetails,
  cleanMessage,
  errorForStatus,
  errorInAnswer,
  dropBody,
  isAuthRefusal,
  parseEnvelope,
  parseJsonAnswer,
  readBounded,
  type ErrorEnvelope,
} from '../../../src/main/platform/answers';
import { nodeBody } from '../../support/fixtures/node-body';

// The lossless parser, observed: an answer without numbers must never reach it.
vi.mock('lossless-json', async (importOriginal) => {
  const actual = await importOriginal<typeof import('lossless-json')>();
  return { ...actual, parse: vi.fn(actual.parse) };
});

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

describe('parseJsonAnswer: numbers read exactly (issue 25.5)', () => {
  const read = (text: string, numbers?: 'strings' | 'exact') =>
    parseJsonAnswer(Buffer.from(text, 'utf8'), 'application/json', 200, numbers);

  it('keeps the digits of a JSON number where the platform promises a string', () => {
    const r = read('{"loanId":"L1","amount":1234567.123456789012345678,"nested":[{"x":5}]}');
    expect(r).toEqual({
      ok: true,
      value: {
        loanId: 'L1',
        amount: { jsonNumber: '1234567.123456789012345678' },
        nested: [{ x: { jsonNumber: '5' } }],
      },
    });
  });

  it('keeps an exchange oid above 2^53 with its digits; exact numbers of the exchange stay numbers', () => {
    const r = read(
      '{"status":"ok","response":{"data":{"statuses":[{"resting":{"oid":18446744073709551615}},{"resting":{"oid":77738308}}]}}}',
      'exact',
    );
    expect(r.ok && JSON.stringify(r.value)).toBe(
      '{"status":"ok","response":{"data":{"statuses":[{"resting":{"oid":{"jsonNumber":"18446744073709551615"}}},{"resting":{"oid":77738308}}]}}}',
    );
  });

  it('a top-level number, a negative and an exponent keep their text; the last of a repeated key wins', () => {
    expect(read('12345678901234567890')).toEqual({ ok: true, value: { jsonNumber: '12345678901234567890' } });
    expect(read('{"a":-0.10,"b":1e400,"a":2}')).toEqual({
      ok: true,
      value: { a: { jsonNumber: '2' }, b: { jsonNumber: '1e400' } },
    });
  });

  it('an answer without numbers is parsed once, by JSON.parse, and never re-read', () => {
    vi.mocked(lossless.parse).mockClear();
    const spy = vi.spyOn(JSON, 'parse');
    try {
      const text =
        '{"activities":[{"activityId":"a1","createdAt":"1749999988185","description":"+SUM(1,2) [1] e,2"},null,[true,false]]}';
      const r = read(text);
      expect(r.ok && r.value).toEqual(JSON.parse(text));
      expect(spy).toHaveBeenCalledTimes(2); // the answer, and the expectation's own JSON.parse above
      expect(lossless.parse).not.toHaveBeenCalled();
      read('{"a":1}');
      expect(lossless.parse).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('strips a UTF-8 byte order mark before parsing, in answers and error envelopes', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"loanId":"L1"}')]);
    expect(parseJsonAnswer(bom, 'application/json', 200)).toEqual({ ok: true, value: { loanId: 'L1' } });
    expect(parseEnvelope('\ufeff{"error":"bad","message":"no"}')).toEqual({ error: 'bad', message: 'no' });
  });

  it('still refuses what is not JSON, saying so', () => {
    const r = read('{"a":');
    expect(!r.ok && r.error.message).toMatch(/not valid JSON \(HTTP 200, 5 bytes\)/);
  });
});

describe('errorInAnswer: a 2xx answer carrying an error envelope (issue 25.7)', () => {
  it("shows the platform's message and code, for a read", () => {
    const e = errorInAnswer(
      { error: 'loan-not-found', message: 'No such loan', requestId: 'r-9' },
      'GET',
      200,
      'AKEY-1234',
    );
    expect(e?.error).toMatchObject({
      code: 'bad-response',
      status: 200,
      platformError: 'loan-not-found',
      details: { requestId: 'r-9' },
    });
    expect(e?.error.message).toMatch(/No such loan/);
  });

  it('for an action says the outcome is not clear (never a refusal)', () => {
    const e = errorInAnswer({ error: 'failed', message: 'try later' }, 'PATCH', 200, undefined);
    expect(e?.error.code).toBe('bad-response');
    expect(e?.error.message).toMatch(/try later/);
    expect(e?.error.message).toMatch(/not clear whether/);
  });

  it('is null for answers that are not error envelopes', () => {
    expect(errorInAnswer({ loans: [] }, 'GET', 200, undefined)).toBeNull();
    expect(errorInAnswer({ error: '', message: '' }, 'GET', 200, undefined)).toBeNull();
    expect(errorInAnswer(null, 'GET', 200, undefined)).toBeNull();
    expect(errorInAnswer([{ error: 'x', message: 'y' }], 'GET', 200, undefined)).toBeNull();
  });
});

describe('readBounded: a whole body, never more than the bound', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const streamOf = (...chunks: (Uint8Array | Error)[]) =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else if (next instanceof Error) controller.error(next);
        else controller.enqueue(next);
      },
    });

  it('gives a one-chunk body its bytes, the chunk used where it lies', async () => {
    const chunk = bytes('xx{"a":"1"}yy').subarray(2, 11);
    const read = await readBounded(streamOf(chunk), null, 100);
    expect(read.ok && read.bytes.toString('utf8')).toBe('{"a":"1"}');
    expect(read.ok && read.bytes.buffer).toBe(chunk.buffer);
  });

  it('joins several chunks in order, into bytes of their own', async () => {
    const parts = [bytes('{"a":'), bytes('"1",'), bytes('"b":"é"}')];
    const read = await readBounded(streamOf(...parts), null, 100);
    expect(read.ok && read.bytes.toString('utf8')).toBe('{"a":"1","b":"é"}');
    expect(read.ok && parts.some((p) => p.buffer === read.bytes.buffer)).toBe(false);
  });

  it('gives no body as empty bytes', async () => {
    const read = await readBounded(null, null, 100);
    expect(read.ok && read.bytes.length).toBe(0);
  });

  it('refuses a declared length over the bound before reading, and a body that passes it while read', async () => {
    expect(await readBounded(streamOf(bytes('x')), '101', 100)).toEqual({
      ok: false,
      reason: 'too-large',
      detail: 'declared 101 bytes',
    });
    expect(await readBounded(streamOf(bytes('x'.repeat(60)), bytes('x'.repeat(41))), null, 100)).toEqual({
      ok: false,
      reason: 'too-large',
      detail: 'more than 100 bytes',
    });
    const exactly = await readBounded(streamOf(bytes('x'.repeat(60)), bytes('x'.repeat(40))), '100', 100);
    expect(exactly.ok && exactly.bytes.length).toBe(100);
  });

  it('says a body cut off while read is broken, and after how many bytes', async () => {
    const read = await readBounded(streamOf(bytes('abc'), new Error('socket hang up')), null, 100);
    expect(read).toEqual({ ok: false, reason: 'broken', detail: 'socket hang up after 3 bytes' });
  });

  it('reads a Node stream the same way, a one-chunk body uncopied', async () => {
    const one = await readBounded(nodeBody(['{"a":"1"}']), null, 100);
    expect(one.ok && one.bytes.toString('utf8')).toBe('{"a":"1"}');
    const several = await readBounded(nodeBody(['{"a":', '"1"}']), '9', 100);
    expect(several.ok && several.bytes.toString('utf8')).toBe('{"a":"1"}');
    const broken = nodeBody(['abcd'], 'open');
    setImmediate(() =>
      broken.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })),
    );
    expect(await readBounded(broken, null, 100)).toEqual({
      ok: false,
      reason: 'broken',
      detail: 'UND_ERR_SOCKET: other side closed after 4 bytes',
    });
  });

  it('drops the rest of a body it refuses: a Node stream is destroyed, a web stream cancelled', async () => {
    const declared = nodeBody(['x'], 'open');
    expect(await readBounded(declared, '101', 100)).toMatchObject({ reason: 'too-large' });
    expect(declared.destroyed).toBe(true);
    const passed = nodeBody(['x'.repeat(60), 'x'.repeat(41)], 'open');
    expect(await readBounded(passed, null, 100)).toMatchObject({ reason: 'too-large' });
    expect(passed.destroyed).toBe(true);
    let cancelled = 0;
    const web = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(bytes('x'.repeat(60))),
      cancel: () => void cancelled++,
    });
    expect(await readBounded(web, null, 100)).toMatchObject({ reason: 'too-large' });
    expect(cancelled).toBe(1);
  });
});

describe('dropBody', () => {
  it('destroys a Node stream and cancels a web stream, and nothing else', async () => {
    const node = new Readable({ read() {} });
    await dropBody(node);
    expect(node.destroyed).toBe(true);
    let cancelled = 0;
    await dropBody(new ReadableStream({ cancel: () => void cancelled++ }));
    expect(cancelled).toBe(1);
    await dropBody(null);
  });

  it("a Node stream that fails when destroyed unread (as undici's does) raises no uncaught error", async () => {
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    try {
      const body = new Readable({
        read() {},
        destroy: (error, callback) => callback(error ?? new Error('Request aborted')),
      });
      await dropBody(body);
      await new Promise((r) => setImmediate(r));
      expect(body.destroyed).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', hear);
    }
  });

  it('never throws, whatever state the body is in', async () => {
    const failed = new Readable({ read() {} });
    failed.on('error', () => undefined);
    failed.destroy(new Error('gone'));
    await expect(dropBody(failed)).resolves.toBeUndefined();
    const refusing = new ReadableStream({
      cancel: () => {
        throw new Error('cannot cancel');
      },
    });
    await expect(dropBody(refusing)).resolves.toBeUndefined();
    const odd: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.resolve({ done: true, value: undefined }),
        return: () => Promise.reject(new Error('no')),
      }),
    };
    await expect(dropBody(odd)).resolves.toBeUndefined();
  });
});
