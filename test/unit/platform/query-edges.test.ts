/**
 * Edges of the query and path builders and of "Test connection" that query.test.ts and
 * operations.test.ts leave open (found by mutation testing): the wording of their refusals, `true`,
 * a null value, and a refused connection test.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQuery, path, pathSegment, safePath } from '../../../src/main/platform/query';
import { testConnection } from '../../../src/main/platform/connection';
import { sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from './client-fixture';

describe('buildQuery edges', () => {
  it('sends true as "true" and leaves a null value out', () => {
    expect(buildQuery({ a: true, b: null, c: 'x' }, ['a', 'b', 'c'])).toBe('?a=true&c=x');
    expect(buildQuery({ b: null }, ['b'])).toBe('');
  });
  it('says which number it refuses', () => {
    expect(() => buildQuery({ limit: 1.5 }, ['limit'])).toThrow('query number 1.5 is not a safe integer');
  });
});

describe('path edges', () => {
  it('says which segment it refuses, as a bad-input failure', () => {
    expect(() => pathSegment('..')).toThrow('".." is not a valid path segment');
    expect(safePath(() => path`/loans/${'.'}`)).toEqual({
      ok: false,
      error: { code: 'bad-input', message: '"." is not a valid path segment' },
    });
    expect(safePath(() => path`/loans/${'l 1'}/x`)).toEqual({ ok: true, value: '/loans/l%201/x' });
  });
  it('calls anything else thrown while building an invalid path segment', () => {
    expect(
      safePath(() => {
        throw 'not an Error';
      }),
    ).toEqual({ ok: false, error: { code: 'bad-input', message: 'invalid path segment' } });
  });
});

describe('testConnection', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.server.close());

  it('passes the platform refusal on as it is, and asks for portfolios with no filter', async () => {
    fx.server.setHandler((req, res) => {
      sendJson(res, req.url === '/platform/portfolios' ? 403 : 500, {
        error: 'forbidden',
        message: 'not allowed',
      });
    });
    const r = await testConnection(fx.client());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'forbidden', status: 403 });
  });
  it('stops when cancelled', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: [] }));
    const cancel = new AbortController();
    cancel.abort();
    const r = await testConnection(fx.client(), cancel.signal);
    expect(!r.ok && r.error.code).toBe('cancelled');
  });
  it('reports a non-negative latency in whole milliseconds', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: [] }));
    const r = await testConnection(fx.client());
    expect(r.ok && Number.isInteger(r.value.latencyMs) && r.value.latencyMs >= 0).toBe(true);
    // A duration measured inside this process cannot exceed the process's own age.
    expect(r.ok && r.value.latencyMs <= performance.now()).toBe(true);
    expect(r.ok && r.value.portfolios).toBe(0);
  });
});
