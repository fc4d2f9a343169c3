import { describe, expect, it } from 'vitest';
import { QueryReader, readPaging } from '../../../src/sandbox/query';
import { HttpError } from '../../../src/sandbox/errors';

const q = (s: string): QueryReader => new QueryReader(new URLSearchParams(s));
const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof HttpError) return `${err.status} ${err.message}`;
  }
  return 'no error';
};

describe('QueryReader', () => {
  it('reads lists comma-separated and repeated', () => {
    expect(q('a=x,y&a=z').list('a')).toEqual(['x', 'y', 'z']);
    expect(q('a=,,').list('a')).toBeUndefined();
    expect(q('').list('a')).toBeUndefined();
  });
  it('validates integers with a named message', () => {
    expect(readPaging(q('limit=5&offset=2'), 100, 1000)).toEqual({ limit: 5, offset: 2 });
    expect(readPaging(q(''), 100, 1000)).toEqual({ limit: 100, offset: 0 });
    for (const v of ['0', '1001', '-1', '1.5', 'x', '1e3', '99999999999999999999']) {
      expect(messageOf(() => readPaging(q(`limit=${v}`), 100, 1000))).toBe(
        '400 limit must be an integer between 1 and 1000',
      );
    }
    expect(messageOf(() => q('limit=1&limit=2').int('limit', { min: 1, max: 5 }))).toBe(
      '400 limit must be given once',
    );
  });
  it('accepts only true/false for booleans', () => {
    expect(q('b=true').bool('b')).toBe(true);
    expect(q('b=false').bool('b', true)).toBe(false);
    expect(q('').bool('b', true)).toBe(true);
    expect(messageOf(() => q('b=1').bool('b'))).toBe('400 b must be true or false');
  });
  it('names the parameter for unknown enum values', () => {
    expect(q('t=a,b').enumList('t', ['a', 'b'] as const)).toEqual(['a', 'b']);
    expect(messageOf(() => q('t=a,c').enumList('t', ['a', 'b'] as const))).toMatch(
      /^400 t contains an unknown value/,
    );
    expect(messageOf(() => q('s=up').oneOf('s', ['asc', 'desc'] as const))).toBe(
      '400 s must be one of asc, desc',
    );
  });
  it('validates timestamps', () => {
    expect(q('t=1750000000000').timestamp('t')).toBe(1750000000000);
    expect(messageOf(() => q('t=-5').timestamp('t'))).toMatch(/^400 t must be a timestamp/);
  });
});
