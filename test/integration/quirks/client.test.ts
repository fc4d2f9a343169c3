/**
 * Issue 25 point 11 ("the smaller ones") against the sandbox's transport quirks, through the
 * console's one HTTP client (src/main/platform/client.ts and answers.ts), called on the main side
 * as the renderer calls it: a BOM is stripped (reads and actions), a 200 carrying an error
 * envelope shows the platform's message, HTML error pages, cut-off bodies, unlabelled gzip and
 * redirects end as one clear failure (never `internal`) and the main side keeps serving,
 * `Retry-After` as an HTTP date is honoured, and the clock skew follows the `Date` header and is
 * reset when that header cannot be read.
 */
import { describe, expect, it } from 'vitest';
import type { ActionResult, PreparedAction } from '../../../src/shared/actions';
import type { ConnectionTest } from '../../../src/shared/contract';
import type { GuardStatus } from '../../../src/shared/platform/limits';
import type { Loan } from '../../../src/shared/platform/resources';
import { sandboxControl, startTestApp, useResetTestApp, type TestApp } from '../../support/main-app';

let t: TestApp;
let ws: string;
let clean: unknown[];

useResetTestApp('quirks-client', { timeoutMs: 5_000 }, async (app) => {
  t = app;
  ws = t.builtInId;
  clean = await t.value<unknown[]>('portfolios.list', { workspaceId: ws });
  expect(clean.length).toBeGreaterThan(0);
});

const setQuirks = (quirks: Record<string, unknown>) => sandboxControl(t.app, 'POST', '/quirks', quirks);
const portfolios = () => t.call<unknown[]>('portfolios.list', { workspaceId: ws });

/** One clear failure with this code (never `internal`), and the main side serves the next read. */
async function expectClearFailure(code: string, says: RegExp): Promise<void> {
  const r = await portfolios();
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code, r.error.message).toBe(code);
  expect(r.error.message).toMatch(says);
  expect(r.error.message).not.toMatch(/<[a-z!]/i);
  await sandboxControl(t.app, 'DELETE', '/quirks');
  expect(await portfolios()).toEqual({ ok: true, value: clean });
}

describe('the body around the JSON', () => {
  it('a BOM before the JSON is stripped: the read answers as without it', async () => {
    await setQuirks({ bom: true });
    expect(await portfolios()).toEqual({ ok: true, value: clean });
  });

  it('gzip labelled with Content-Encoding is read as without it', async () => {
    await setQuirks({ gzip: 'labelled' });
    expect(await portfolios()).toEqual({ ok: true, value: clean });
  });

  it('gzip without its label: read, or refused as an unreadable answer, never internal', async () => {
    await setQuirks({ gzip: 'unlabelled' });
    const r = await portfolios();
    if (r.ok) expect(r.value).toEqual(clean);
    else expect(r.error.code, r.error.message).toBe('bad-response');
  });

  it('a body cut off short of its Content-Length: bad-response, saying so', async () => {
    await setQuirks({ cutOffBody: { every: 1 } });
    await expectClearFailure('bad-response', /cut off|incomplete|closed/i);
  });

  it('an action answered with a BOM is done, not unknown', async () => {
    const loans = await t.value<{ items: Loan[] }>('loans.list', { workspaceId: ws, limit: 100 });
    let prepared: PreparedAction | undefined;
    for (const loan of loans.items.filter((l) => l.status === 'awaiting-approval')) {
      const p = await t.call<PreparedAction>('actions.prepare', {
        workspaceId: ws,
        action: { kind: 'loans.approve', loanId: loan.loanId },
      });
      if (p.ok) {
        prepared = p.value;
        break;
      }
    }
    expect(prepared, 'a loan the sandbox lets this organization approve').toBeDefined();
    await setQuirks({ bom: true });
    const result = await t.value<ActionResult>('actions.execute', { id: prepared?.id });
    expect(result.outcome, result.headline).toBe('done');
  });
});

describe('answers that are not the operation', () => {
  it("a 200 with an error envelope is a failure carrying the platform's message", async () => {
    await setQuirks({ errorEnvelopeOk: { every: 1 } });
    const r = await portfolios();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/the platform could not serve this request/);
  });

  it.each([502, 503])('an HTML error page with status %i: server-error, no markup', async (status) => {
    await setQuirks({ htmlError: { status, every: 1 } });
    await expectClearFailure('server-error', new RegExp(`HTTP ${status}`));
  });

  it.each([
    [301, 'path'],
    [302, 'path'],
    [307, 'host'],
  ])('a %i redirect to another %s is not followed, and says so', async (status, to) => {
    await sandboxControl(t.app, 'DELETE', '/requests');
    await setQuirks({ redirect: { status, to, every: 1 } });
    await expectClearFailure('http-error', /redirect/);
    const log = (await sandboxControl(t.app, 'GET', '/requests?pathPrefix=/portfolios')) as {
      requests: { status: number | null }[];
    };
    // Nothing was sent to the redirect's target: only the read after the quirk was cleared got 200.
    expect(log.requests.map((q) => q.status)).toEqual([status, 200]);
  });
});

describe('clock headers', () => {
  it('the skew follows the Date header, and is reset (unknown) once the Date cannot be read', async () => {
    await setQuirks({ dateSkewMs: 600_000 });
    const skewed = await t.value<ConnectionTest>('workspaces.testConnection', { id: ws });
    expect(Math.abs((skewed.clockSkewMs ?? 0) - 600_000)).toBeLessThan(3_000);
    await setQuirks({ unreadableDate: true });
    const unreadable = await t.value<ConnectionTest>('workspaces.testConnection', { id: ws });
    expect(unreadable.clockSkewMs).toBeNull();
  });

  it('Retry-After as an HTTP date pauses the workspace until that date', async () => {
    // Its own app: the pause would hold back every later test's requests.
    const own = await startTestApp('quirks-retry-date', { timeoutMs: 5_000 });
    try {
      await sandboxControl(own.app, 'POST', '/quirks', {
        retryAfter: { seconds: 120, every: 1, form: 'http-date' },
      });
      const before = Date.now();
      const r = await own.call<unknown[]>('portfolios.list', { workspaceId: own.builtInId });
      expect(r.ok).toBe(false);
      const guard = await own.value<GuardStatus>('guard.status', { workspaceId: own.builtInId });
      expect(guard.pausedUntil).not.toBeNull();
      const until = Number(guard.pausedUntil);
      // The HTTP date has one-second resolution.
      expect(until).toBeGreaterThan(before + 110_000);
      expect(until).toBeLessThan(Date.now() + 125_000);
    } finally {
      await own.close();
    }
  });
});
