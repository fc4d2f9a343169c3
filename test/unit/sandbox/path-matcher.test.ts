/** The sandbox's one path matcher, behind both the platform operations and the controls. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/sandbox/errors';
import { PathMatcher } from '../../../src/sandbox/path-matcher';

const matcher = new PathMatcher<string>('path')
  .add('GET', '/portfolios', 'list portfolios')
  .add('GET', '/organizations/:organizationId/loans', 'list loans')
  .add('PATCH', '/organizations/:organizationId/loans', 'dry run')
  .add('PATCH', '/organizations/:organizationId/loans/:loanId', 'patch loan')
  .add('DELETE', '/webhooks/subscriptions/:id', 'unsubscribe');

const refusal = (method: string, path: string): HttpError => {
  try {
    matcher.match(method, path);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error(`${method} ${path} matched`);
};

describe('PathMatcher', () => {
  it('finds fixed paths and paths with :name segments, decoding each segment', () => {
    expect(matcher.match('GET', '/portfolios')).toEqual({ handler: 'list portfolios', params: {} });
    expect(matcher.match('PATCH', '/organizations/org%201/loans/l%2F2')).toEqual({
      handler: 'patch loan',
      params: { organizationId: 'org 1', loanId: 'l/2' },
    });
    expect(matcher.match('PATCH', '/organizations/o/loans').handler).toBe('dry run');
    expect(matcher.match('DELETE', '/webhooks/subscriptions/s-1').params).toEqual({ id: 's-1' });
  });

  it('answers 405 with Allow for a known path and another method', () => {
    const err = refusal('POST', '/organizations/o/loans');
    expect([err.status, err.code, err.headers.Allow]).toEqual([405, 'method-not-allowed', 'GET, PATCH']);
    expect(refusal('DELETE', '/portfolios').headers.Allow).toBe('GET');
  });

  it('answers 404 naming the path for unknown paths, empty segments and extra segments', () => {
    for (const path of ['/nope', '/organizations//loans', '/organizations/o/loans/l/x', 'portfolios', '']) {
      const err = refusal('GET', path);
      expect([err.status, err.message]).toEqual([404, `no such path: ${path}`]);
    }
  });

  it('answers 400 for a segment that is not valid percent-encoding', () => {
    const err = refusal('GET', '/organizations/%E0%A4%A/loans');
    expect([err.status, err.message]).toEqual([
      400,
      'path segment organizationId is not valid percent-encoding',
    ]);
  });

  it('refuses the same method and path registered twice', () => {
    expect(() => new PathMatcher<string>('path').add('GET', '/a', 'x').add('GET', '/a', 'y')).toThrow(
      /registered twice/,
    );
  });
});
