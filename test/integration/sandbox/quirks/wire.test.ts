/**
 * Issue 25 point 8, the transport quirks (src/sandbox/quirks/wire.ts) as they arrive on the wire,
 * read as raw bytes over loopback: HTML error pages, a 200 carrying an error envelope, gzip with
 * and without its label, a BOM, a body cut short, redirects, the Date header on the sandbox's
 * clock (skewed or unreadable) and Retry-After as an HTTP date.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { platformHeaders } from '../../../support/sandbox-signing';
import { useHarness } from '../harness';

/** The sandbox's wall clock in these tests: a fixed time far from the real one. */
const SANDBOX_NOW = Date.UTC(2031, 4, 6, 7, 8, 9, 500);

const h = useHarness({ now: () => SANDBOX_NOW }, { reset: true });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  /** The connection closed before the declared body arrived. */
  aborted: boolean;
}

/** Signed on the sandbox's clock (within its 30 s), each timestamp once (no replay). */
let signed = 0;
const nextTimestamp = () => String(SANDBOX_NOW - 20_000 + signed++);

/** A signed request on a fresh connection; the body as bytes, whatever it holds. */
function raw(method: string, target: string, host = '127.0.0.1', body = ''): Promise<Raw> {
  const url = new URL(h.target.origin);
  const auth = platformHeaders(h.target.apiKey, h.target.apiSecret, method, target, body, nextTimestamp());
  const headers: Record<string, string> = { ...auth };
  if (body !== '') {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = request({ host, port: url.port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let aborted = false;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => (aborted = true));
      res.on('error', () => (aborted = true));
      res.on('close', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks), aborted }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const setQuirks = async (quirks: Record<string, unknown>) => {
  const res = await h.control('POST', '/quirks', quirks);
  expect(res.status, res.text).toBe(200);
};

describe('answers replaced before the operation runs', () => {
  it.each([502, 503])(
    'htmlError %i: every Nth request gets a text/html page with that status',
    async (status) => {
      await setQuirks({ htmlError: { status, every: 2 } });
      expect((await raw('GET', '/platform/portfolios')).status).toBe(200);
      const page = await raw('GET', '/platform/portfolios');
      expect(page.status).toBe(status);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.bytes.toString('utf8')).toMatch(/^<!DOCTYPE html>/);
      expect((await raw('GET', '/platform/portfolios')).status).toBe(200);
    },
  );

  it('errorEnvelopeOk: a 200 whose JSON body is an error envelope; the operation did not run', async () => {
    await setQuirks({ errorEnvelopeOk: { every: 1 } });
    const before = (await h.control('GET', '/requests')).json as { count: number };
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.bytes.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.message).toMatch(/errorEnvelopeOk/);
    expect(((await h.control('GET', '/requests')).json as { count: number }).count).toBe(before.count + 1);
  });

  it('redirect to another path: the status and a Location under /moved', async () => {
    for (const status of [301, 302, 307]) {
      await setQuirks({ redirect: { status, to: 'path', every: 1 } });
      const answer = await raw('GET', '/platform/portfolios?limit=5');
      expect(answer.status).toBe(status);
      expect(answer.headers.location).toBe('/moved/platform/portfolios?limit=5');
    }
  });

  it('redirect to another host: the other loopback name, which serves the same request', async () => {
    await setQuirks({ redirect: { status: 307, to: 'host', every: 2 } });
    expect((await raw('GET', '/platform/portfolios')).status).toBe(200);
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.status).toBe(307);
    const location = new URL(String(answer.headers.location));
    expect(location.hostname).toBe('localhost');
    expect(location.port).toBe(new URL(h.target.origin).port);
    expect(location.pathname).toBe('/platform/portfolios');
    const followed = await raw('GET', '/platform/portfolios', 'localhost');
    expect(followed.status).toBe(200);
  });
});

describe('how a JSON answer is sent', () => {
  it('gzip labelled: Content-Encoding gzip over gzip bytes of the JSON', async () => {
    const plain = await raw('GET', '/platform/portfolios');
    await setQuirks({ gzip: 'labelled' });
    const zipped = await raw('GET', '/platform/portfolios');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(
      JSON.parse(plain.bytes.toString('utf8')),
    );
  });

  it('gzip unlabelled: the same bytes with no Content-Encoding, still called JSON', async () => {
    await setQuirks({ gzip: 'unlabelled' });
    const zipped = await raw('GET', '/platform/portfolios');
    expect(zipped.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toHaveProperty('portfolios');
  });

  it('bom: EF BB BF, then the JSON; error envelopes too', async () => {
    await setQuirks({ bom: true });
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(JSON.parse(answer.bytes.subarray(3).toString('utf8'))).toHaveProperty('portfolios');
    const missing = await raw('GET', '/platform/nope');
    expect(missing.status).toBe(404);
    expect(missing.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('cutOffBody: the full length is declared, half arrives, the connection closes', async () => {
    await setQuirks({ cutOffBody: { every: 2 } });
    const whole = await raw('GET', '/platform/portfolios');
    expect(whole.aborted).toBe(false);
    const cut = await raw('GET', '/platform/portfolios');
    expect(cut.aborted).toBe(true);
    const declared = Number(cut.headers['content-length']);
    expect(declared).toBe(whole.bytes.length);
    expect(cut.bytes.length).toBe(Math.floor(declared / 2));
  });
});

describe('clock headers', () => {
  it("Date: the sandbox's clock, not the computer's", async () => {
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.headers.date).toBe(new Date(SANDBOX_NOW).toUTCString());
    const control = await h.control('GET', '/clock');
    expect(control.headers.date).toBe(new Date(SANDBOX_NOW).toUTCString());
  });

  it('dateSkewMs: the Date header is the sandbox clock plus the skew', async () => {
    await setQuirks({ dateSkewMs: -600_000 });
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.status).toBe(200);
    expect(answer.headers.date).toBe(new Date(SANDBOX_NOW - 600_000).toUTCString());
  });

  it('unreadableDate: a Date header no parser reads', async () => {
    await setQuirks({ unreadableDate: true });
    const answer = await raw('GET', '/platform/portfolios');
    expect(answer.status).toBe(200);
    expect(typeof answer.headers.date).toBe('string');
    expect(Date.parse(String(answer.headers.date))).toBeNaN();
  });

  it("retryAfter as an HTTP date: the sandbox's clock plus the seconds", async () => {
    await setQuirks({ retryAfter: { seconds: 90, every: 1, form: 'http-date' } });
    const refused = await raw('GET', '/platform/portfolios');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(new Date(SANDBOX_NOW + 90_000).toUTCString());
    await setQuirks({ retryAfter: { seconds: 90, every: 1, form: 'seconds' } });
    expect((await raw('GET', '/platform/portfolios')).headers['retry-after']).toBe('90');
  });
});
