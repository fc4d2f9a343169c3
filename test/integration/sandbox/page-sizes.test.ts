/**
 * The sandbox's per-list page size setting (src/sandbox/page-sizes.ts): a platform that serves
 * 10,000 activities a page, one that caps pages at 1,000 without saying so (JSON and CSV alike),
 * one that answers 400 above 1,000; set by the control, cleared by DELETE and reset, and by the
 * command line's `--page-sizes`.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { startSandbox } from '../../../src/sandbox/index';
import { control } from '../../support/sandbox-http';
import { useHarness } from './harness';

const h = useHarness({ seed: 3, size: 'large' });

const activities = (limit: number, accept = 'application/json') =>
  h.req('GET', `/platform/organizations/${h.org}/activities?limit=${limit}&offset=0`, {
    headers: { Accept: accept },
  });
const rowsOf = (json: unknown) => (json as { activities: unknown[] }).activities.length;

describe('sandbox page sizes', () => {
  it('serves 10,000 activities a page without a setting, and answers 400 above', async () => {
    expect(Number((await h.info()).counts['activities'])).toBeGreaterThan(10_000);
    const page = await activities(10_000);
    expect(page.status).toBe(200);
    expect(rowsOf(page.json)).toBe(10_000);
    expect((await activities(10_001)).status).toBe(400);
  });

  it('caps pages silently at the setting: JSON rows and CSV records', async () => {
    const set = await h.control('POST', '/page-sizes', { activities: { max: 1000, over: 'cap' } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ pageSizes: { activities: { max: 1000, over: 'cap' } } });
    const page = await activities(10_000);
    expect(page.status).toBe(200);
    expect(rowsOf(page.json)).toBe(1000);
    expect(rowsOf((await activities(400)).json)).toBe(400);
    const csv = await activities(10_000, 'text/csv');
    expect(csv.status).toBe(200);
    await h.control('DELETE', '/page-sizes');
    // Exactly the page of 1,000 records a platform without the cap sends for limit=1000.
    expect(csv.text).toBe((await activities(1000, 'text/csv')).text);
  });

  it('answers 400 above the setting, naming the limit, and serves up to it', async () => {
    await h.control('POST', '/page-sizes', { activities: { max: 1000, over: 'refuse' } });
    const refused = await activities(1001);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: 'bad-request',
      message: expect.stringContaining('at most 1000'),
    });
    expect(rowsOf((await activities(1000)).json)).toBe(1000);
    // Other lists are untouched.
    const loans = await h.req('GET', `/platform/organizations/${h.org}/loans?limit=1000`);
    expect(loans.status).toBe(200);
  });

  it('is cleared by DELETE and by reset, and refuses a bad setting', async () => {
    await h.control('POST', '/page-sizes', { activities: { max: 1000, over: 'refuse' } });
    expect((await h.control('DELETE', '/page-sizes')).json).toEqual({ pageSizes: {} });
    expect((await activities(5000)).status).toBe(200);
    // A reset clears it (on a small sandbox of its own: a large one takes long to reset).
    const sb = await startSandbox({ size: 'small', pageSizes: { loans: { max: 10, over: 'cap' } } });
    try {
      const origin = new URL(sb.controlUrl).origin;
      expect((await control(origin, 'GET', '/page-sizes', undefined, sb.controlToken)).json).toEqual({
        pageSizes: { loans: { max: 10, over: 'cap' } },
      });
      await control(origin, 'POST', '/reset', undefined, sb.controlToken);
      expect((await control(origin, 'GET', '/page-sizes', undefined, sb.controlToken)).json).toEqual({
        pageSizes: {},
      });
    } finally {
      await sb.close();
    }
    for (const body of [
      { activities: { max: 20_000, over: 'cap' } },
      { loans: { max: 0, over: 'cap' } },
      { activities: { max: 10, over: 'drop' } },
      { nope: { max: 10, over: 'cap' } },
    ]) {
      const res = await h.control('POST', '/page-sizes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { message: string }).message).toMatch(/^invalid page sizes: /);
    }
  });

  it('is taken from the command line, and a bad one exits 2 naming the flag', async () => {
    const run = (json: string) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--page-sizes', json],
        {
          cwd: process.cwd(),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      return { child, out: () => out };
    };
    const bad = run('{"activities":{"max":0,"over":"cap"}}');
    expect(await new Promise((resolve) => bad.child.on('close', resolve))).toBe(2);
    expect(bad.out()).toMatch(/^sandbox: --page-sizes: invalid page sizes: activities\.max: /);
    const good = run('{"activities":{"max":1000,"over":"cap"}}');
    await new Promise<void>((resolve) => {
      good.child.stdout.on('data', () => {
        if (good.out().includes('API secret:')) resolve();
      });
    });
    expect(good.out()).toContain('page sizes:      {"activities":{"max":1000,"over":"cap"}}');
    good.child.kill('SIGTERM');
    expect(await new Promise((resolve) => good.child.on('close', resolve))).toBe(0);
  }, 60_000);
});
