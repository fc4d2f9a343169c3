/**
 * The main side's HTTP to a sandbox's controls (src/main/platform/sandbox-controls.ts) through an
 * injected fetch: which control URL a base URL has, what each call sends, how answers become the
 * contract's values (the API key the sandbox echoes is dropped) and how every failure is named.
 * The token cases are in test/unit/sandbox/sandbox-controls-token.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SandboxControls, controlUrlOf } from '../../../src/main/platform/sandbox-controls';

const CONTROLS = 'http://127.0.0.1:41000/sandbox';

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
  redirect: string | undefined;
  hasSignal: boolean;
}

/** A fetch that records each call and answers `answer` (a body and status, or a thrown error). */
function fakeFetch(answer: { status?: number; body?: string } | Error) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method,
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      redirect: init.redirect,
      hasSignal: init.signal instanceof AbortSignal,
    });
    if (answer instanceof Error) throw answer;
    return new Response(answer.body ?? '{}', { status: answer.status ?? 200 });
  }) as unknown as typeof fetch;
  return { sent, controls: new SandboxControls({ fetch: fetchImpl }) };
}

describe('controlUrlOf', () => {
  it('turns a loopback /platform base URL into its /sandbox control URL', () => {
    expect(controlUrlOf('http://127.0.0.1:8787/platform')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:8787/sandbox',
    });
    expect(controlUrlOf('http://localhost:8787/platform//')).toEqual({
      ok: true,
      value: 'http://localhost:8787/sandbox',
    });
    expect(controlUrlOf('http://127.0.0.1:8787/api/platform')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:8787/api/sandbox',
    });
  });

  it('refuses what is not a URL, not loopback http, or not a /platform path, saying which', () => {
    const refusal = (url: string) => {
      const r = controlUrlOf(url);
      return r.ok ? null : r.error;
    };
    expect(refusal('not a url')).toEqual(
      expect.objectContaining({ code: 'bad-input', message: 'The workspace base URL is not a URL.' }),
    );
    for (const url of [
      'https://127.0.0.1:8787/platform',
      'http://10.0.0.1/platform',
      'http://example.com/platform',
    ]) {
      expect(refusal(url)).toEqual(
        expect.objectContaining({
          code: 'unsupported',
          message: 'Sandbox controls are reachable only on a loopback http base URL.',
        }),
      );
    }
    expect(refusal('http://127.0.0.1:8787/other')).toEqual(
      expect.objectContaining({
        code: 'unsupported',
        message: 'The workspace base URL does not end in /platform, so it has no /sandbox controls.',
      }),
    );
  });
});

describe('SandboxControls calls', () => {
  it('subscribe POSTs JSON and answers only the contract fields of the subscription', async () => {
    const { sent, controls } = fakeFetch({
      status: 201,
      body: JSON.stringify({
        subscriptionId: 'sub-1',
        url: 'http://127.0.0.1:9/hook',
        events: ['loan.updated', 7],
        portfolioIds: ['pf-1', null],
        organizationId: 'org-1',
        createdAt: '2026-11-23T10:00:00.000Z',
        apiKey: 'the-sandbox-echoes-this',
      }),
    });
    const body = { url: 'http://127.0.0.1:9/hook', events: ['loan.updated'], apiKey: 'k' };
    const r = await controls.subscribe(CONTROLS, body);
    expect(r).toEqual({
      ok: true,
      value: {
        subscriptionId: 'sub-1',
        url: 'http://127.0.0.1:9/hook',
        events: ['loan.updated'],
        portfolioIds: ['pf-1'],
        organizationId: 'org-1',
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    });
    expect(sent[0]).toEqual({
      url: `${CONTROLS}/webhooks/subscriptions`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      hasSignal: true,
    });
  });

  it('subscriptions GETs without a body and fills missing fields with empty values', async () => {
    const { sent, controls } = fakeFetch({
      body: JSON.stringify({ subscriptions: [{ subscriptionId: 'sub-2', events: 'x' }, null] }),
    });
    const r = await controls.subscriptions(CONTROLS);
    const empty = { url: '', events: [], portfolioIds: null, organizationId: '', createdAt: '' };
    expect(r).toEqual({
      ok: true,
      value: [
        { subscriptionId: 'sub-2', ...empty },
        { subscriptionId: '', ...empty },
      ],
    });
    expect(sent[0]).toMatchObject({ url: `${CONTROLS}/webhooks/subscriptions`, method: 'GET', headers: {} });
    expect(sent[0]?.body).toBeUndefined();
  });

  it('an answer without the list is a bad response naming the list', async () => {
    const { controls } = fakeFetch({ body: '{"other":[]}' });
    const subs = await controls.subscriptions(CONTROLS);
    expect(!subs.ok && subs.error).toMatchObject({
      code: 'bad-response',
      message: "The sandbox controls' answer has no subscriptions list.",
    });
    const deliveries = await controls.deliveries(CONTROLS);
    expect(!deliveries.ok && deliveries.error).toMatchObject({
      code: 'bad-response',
      message: "The sandbox controls' answer has no deliveries list.",
    });
  });

  it('unsubscribe DELETEs the encoded id, and refuses an id that would leave the path', async () => {
    const { sent, controls } = fakeFetch({ body: '{"deleted":true}' });
    expect(await controls.unsubscribe(CONTROLS, 'sub 1/x')).toEqual({ ok: true, value: { deleted: true } });
    expect(sent[0]).toMatchObject({
      url: `${CONTROLS}/webhooks/subscriptions/sub%201%2Fx`,
      method: 'DELETE',
    });
    const refused = await controls.unsubscribe(CONTROLS, '..');
    expect(!refused.ok && refused.error.code).toBe('bad-input');
    expect(sent).toHaveLength(1);
  });

  it('deliveries GETs the log, filtered by subscription when given', async () => {
    const log = [{ deliveryId: 'd-1' }];
    const { sent, controls } = fakeFetch({ body: JSON.stringify({ deliveries: log }) });
    expect(await controls.deliveries(CONTROLS)).toEqual({ ok: true, value: log });
    expect(await controls.deliveries(CONTROLS, 'sub-1')).toEqual({ ok: true, value: log });
    expect(sent.map((s) => s.url)).toEqual([
      `${CONTROLS}/webhooks/deliveries`,
      `${CONTROLS}/webhooks/deliveries?subscriptionId=sub-1`,
    ]);
  });
});

describe('SandboxControls failures', () => {
  it('names each refusal by its status, with the sandbox message and error', async () => {
    const cases: [number, string][] = [
      [400, 'bad-request'],
      [404, 'not-found'],
      [409, 'conflict'],
      [403, 'forbidden'],
      [500, 'http-error'],
      [302, 'http-error'],
    ];
    for (const [status, code] of cases) {
      const { controls } = fakeFetch({ status, body: '{"error":"nope","message":"not like that"}' });
      const r = await controls.subscriptions(CONTROLS);
      expect(!r.ok && r.error).toMatchObject({
        code,
        message: 'The sandbox refused: not like that',
        status,
        platformError: 'nope',
      });
    }
  });

  it('a refusal without an error envelope names the HTTP status', async () => {
    const { controls } = fakeFetch({ status: 502, body: 'Bad Gateway' });
    const r = await controls.subscriptions(CONTROLS);
    expect(!r.ok && r.error).toEqual({
      code: 'http-error',
      message: 'The sandbox refused: HTTP 502',
      status: 502,
    });
  });

  it('2xx answers that are not a JSON object are bad responses', async () => {
    for (const body of ['not json', '"text"', 'null', '']) {
      const { controls } = fakeFetch({ body });
      const r = await controls.subscriptions(CONTROLS);
      expect(!r.ok && r.error).toMatchObject({
        code: 'bad-response',
        message: 'The sandbox controls sent an answer that is not a JSON object.',
      });
    }
    const { controls } = fakeFetch({ status: 299, body: '{"subscriptions":[]}' });
    expect(await controls.subscriptions(CONTROLS)).toEqual({ ok: true, value: [] });
  });

  /** Controls whose every fetch fails as a timed-out one does. */
  const timingOut = (options: { timeoutMs?: number }) =>
    new SandboxControls({
      fetch: (async () => {
        throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
      }) as unknown as typeof fetch,
      ...options,
    });

  it('a timeout says how long it waited; anything else is a network failure with its cause', async () => {
    const slow = timingOut({ timeoutMs: 2500 });
    const r = await slow.subscriptions(CONTROLS);
    expect(!r.ok && r.error).toMatchObject({
      code: 'timeout',
      message: 'The sandbox controls did not answer within 2.5 s.',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const { controls } = fakeFetch(new TypeError('fetch failed', { cause: refused }));
    const down = await controls.subscriptions(CONTROLS);
    expect(!down.ok && down.error).toMatchObject({
      code: 'network',
      message: 'Could not reach the sandbox controls: ECONNREFUSED: connect ECONNREFUSED',
    });
  });

  it('the default timeout is ten seconds', async () => {
    const slow = timingOut({});
    const r = await slow.subscriptions(CONTROLS);
    expect(!r.ok && r.error.message).toBe('The sandbox controls did not answer within 10 s.');
  });
});

describe('prices (the reference price sheet of the built-in workspace)', () => {
  it('reads GET /prices and keeps only the string prices', async () => {
    const { sent, controls } = fakeFetch({ body: '{"prices":{"BTC":"65000","ETH":3200}}' });
    expect(await controls.prices(CONTROLS)).toEqual({ ok: true, value: { BTC: '65000' } });
    expect(sent.map((s) => [s.method, s.url])).toEqual([['GET', `${CONTROLS}/prices`]]);
  });

  it('names an answer without prices', async () => {
    const { controls } = fakeFetch({ body: '{}' });
    const answer = await controls.prices(CONTROLS);
    expect(!answer.ok && answer.error.code).toBe('bad-response');
  });
});
