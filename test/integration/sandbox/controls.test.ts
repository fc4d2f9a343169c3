import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src/sandbox/index';
import type { Activity, Loan } from '../../../src/shared/platform/resources';
import { rawRequest, signed } from '../../support/sandbox-http';
import { newKey, startHarness, useHarness } from './harness';

const h = useHarness({ seed: 7 });

describe('sandbox controls', () => {
  it('reports info, clock, and issues keys for any organization', async () => {
    const info = await h.info();
    expect(info.callerOrganizationId).toBe(h.org);
    expect(info.organizations.length).toBeGreaterThanOrEqual(3);
    expect(info.counts.activities).toBe(String(2000 + 3 * 40));
    const clock = (await h.control('GET', '/clock')).json as { now: string; offsetMs: string };
    expect(clock.offsetMs).toBe('0');
    const advanced = (await h.control('POST', '/clock/advance', { ms: 1000 })).json as { offsetMs: string };
    expect(advanced.offsetMs).toBe('1000');
    const other = info.organizations[1]?.organizationId ?? '';
    const key = await newKey(h, other);
    const res = await signed(key, 'GET', `/platform/organizations/${other}/loans?limit=1000`);
    expect(res.status).toBe(200);
    expect((res.json as { loans: Loan[] }).loans.length).toBeGreaterThan(0);
    expect((await h.control('POST', '/keys', { organizationId: 'nope' })).status).toBe(400);
    await h.control('POST', '/reset');
    expect(((await h.control('GET', '/clock')).json as { offsetMs: string }).offsetMs).toBe('0');
  });

  it('refuses bad control input with the envelope', async () => {
    for (const body of [{}, { ms: -1 }, { ms: 'x' }, { ms: 1.5 }]) {
      const res = await h.control('POST', '/clock/advance', body);
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toBe('bad-request');
    }
    const malformed = await rawRequest(
      h.target.origin,
      'POST',
      '/sandbox/clock/advance',
      { 'Content-Type': 'application/json', 'X-Sandbox-Token': h.sb.controlToken },
      '{',
    );
    expect(malformed.status).toBe(400);
    expect((await h.control('GET', '/nope')).status).toBe(404);
    expect((await h.control('DELETE', '/reset')).status).toBe(405);
  });

  it('names the wrong field of a control body, and the control paths share the platform’s matcher', async () => {
    const refusals: [string, string, unknown, string][] = [
      [
        'POST',
        '/clock/advance',
        { ms: 1.5 },
        `ms: must be an integer between 0 and ${10 * 365 * 86_400_000}`,
      ],
      ['POST', '/clock/advance', { ms: 1, by: 2 }, 'unknown field(s) "by": the body is {ms}'],
      ['POST', '/keys', { organizationId: 5 }, 'organizationId: must be a string'],
      ['POST', '/keys', { portfolioId: 'nope' }, 'portfolioId: must be a portfolio of the organization'],
      ['GET', '/requests?method=get', undefined, 'method: must be one of GET, POST, PATCH'],
      ['GET', '/webhooks/deliveries?limit=0', undefined, 'limit: must be an integer between 1 and 1000'],
      ['GET', '/webhooks/deliveries?since=1', undefined, 'since: is not a query parameter'],
    ];
    for (const [method, path, body, message] of refusals) {
      const res = await h.control(method, path, body);
      expect(res.status, path).toBe(400);
      expect((res.json as { message: string }).message.startsWith(message), res.text).toBe(true);
    }
    const wrongMethod = await h.control('PUT', '/webhooks/subscriptions/some-id');
    expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'DELETE']);
    expect((await h.control('DELETE', '/webhooks/subscriptions/')).status).toBe(404);
  });

  it('reset undoes changes and appended activities', async () => {
    const path = `/platform/organizations/${h.org}/activities?limit=1`;
    const before = (await h.get<{ activities: Activity[] }>(path)).activities[0];
    const loans = (await h.get<{ loans: Loan[] }>(`/platform/organizations/${h.org}/loans?limit=1000`)).loans;
    const target = loans.find((l) => l.externalId === 'sandbox-approve-lend-1');
    const res = await h.req('PATCH', `/platform/organizations/${h.org}/loans/${target?.loanId}`, {
      headers: { 'Content-Type': 'application/vnd.approve-loan+json' },
    });
    expect(res.status).toBe(200);
    expect((await h.get<{ activities: Activity[] }>(path)).activities[0]?.activityType).toBe('loan-approved');
    await h.control('POST', '/reset');
    expect((await h.get<{ activities: Activity[] }>(path)).activities[0]).toEqual(before);
  });
});

describe('determinism', () => {
  it('same seed → same data; another seed → other data', async () => {
    const a = await startHarness({ seed: 7 });
    const b = await startHarness({ seed: 8 });
    try {
      for (const p of [
        '/platform/portfolios',
        '/platform/wallets?limit=5000',
        '/platform/crypto-addresses?limit=50',
        '/platform/clearloop/actions?limit=50',
      ]) {
        const x = await h.get<unknown>(p);
        expect(await a.get<unknown>(p)).toEqual(x);
        expect(await b.get<unknown>(p)).not.toEqual(x);
      }
      expect(await a.get<unknown>(`/platform/organizations/${a.org}/loans?limit=1000`)).toEqual(
        await h.get<unknown>(`/platform/organizations/${h.org}/loans?limit=1000`),
      );
      expect(await a.get<unknown>(`/platform/organizations/${a.org}/activities`)).toEqual(
        await h.get<unknown>(`/platform/organizations/${h.org}/activities`),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('HTTP edges', () => {
  it('answers 404 outside /platform and /sandbox, 405 for a wrong method, 413 over 1 MB', async () => {
    expect((await rawRequest(h.target.origin, 'GET', '/')).status).toBe(404);
    const wrong = await h.req('DELETE', '/platform/wallets');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    const big = 'x'.repeat(1024 * 1024 + 1);
    const res = await rawRequest(
      h.target.origin,
      'POST',
      '/platform/exchange',
      { 'Content-Type': 'application/json' },
      big,
    );
    expect(res.status).toBe(413);
    expect((res.json as { error: string }).error).toBe('payload-too-large');
  });

  it('does not hang on a body that never arrives', async () => {
    const url = new URL(h.target.origin);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write('POST /platform/exchange HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"a":');
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it('answers a malformed request with the envelope', async () => {
    const url = new URL(h.target.origin);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write('BLAH /x HTTP/9\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('{"error":"bad-request","message":"malformed HTTP request"}');
  });

  it('refuses a non-loopback host', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('CLI', () => {
  const run = (args: string[]) =>
    spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('exits 2 with a clear message on bad flags', async () => {
    for (const args of [
      ['--size', 'enormous'],
      ['--port', 'x'],
      ['--bogus'],
      ['--api-key', 'k'],
      ['--control-token', 'short'],
      ['--quirks', 'nope'],
      ['--quirks', '{"pageCap":0}'],
      ['--quirks', '{"pageCapp":5}'],
      ['--variant', 'british'],
    ]) {
      const child = run(args);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(2);
      expect(err).toMatch(/^sandbox: /);
    }
    // One process start per flag (about 3 s each on a 2-core machine under load).
  }, 90_000);

  it('prints the base URL, key and generated secret, and stops on SIGTERM', async () => {
    const child = run(['--port', '0', '--seed', '3']);
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('API secret:')) resolve();
      });
    });
    expect(out).toMatch(/base URL: +http:\/\/127\.0\.0\.1:\d+\/platform/);
    expect(out).toMatch(/API key: +sbx_/);
    expect(out).toMatch(/control token: +[0-9a-f]{64}\n/);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  }, 30_000);

  it('takes --control-token and --quirks', async () => {
    const token = 'cli-control-token-0123456789';
    const child = run(['--port', '0', '--control-token', token, '--quirks', '{"agentWalletsShape":"data"}']);
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('API secret:')) resolve();
      });
    });
    const origin = /controls: +(http:\/\/127\.0\.0\.1:\d+)\/sandbox/.exec(out)?.[1] ?? '';
    expect(out).not.toContain(token);
    const quirks = await rawRequest(origin, 'GET', '/sandbox/quirks', { 'X-Sandbox-Token': token });
    expect(quirks.json).toEqual({ quirks: { agentWalletsShape: 'data' } });
    expect((await rawRequest(origin, 'GET', '/sandbox/quirks')).status).toBe(403);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
  }, 30_000);

  it('takes --variant spellings: the seeded loans spell open values otherwise', async () => {
    const child = run(['--port', '0', '--variant', 'spellings', '--api-key', 'vk', '--api-secret', 'vs']);
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('API key:')) resolve();
      });
    });
    const baseUrl = /base URL: +(http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(out)?.[1] ?? '';
    const org = /organization id: +(\S+)/.exec(out)?.[1] ?? '';
    const target = { origin: baseUrl, apiKey: 'vk', apiSecret: 'vs' };
    const res = await signed(target, 'GET', `/platform/organizations/${org}/loans?limit=1000`);
    const loan = (res.json as { loans: Loan[] }).loans.find((l) => l.externalId === 'sandbox-repay-lend-1');
    expect(out).toContain('spellings');
    expect(loan?.status).toBe('active');
    expect(loan?.embedded?.loanAllocations?.map((a) => `${a.allocationType}/${a.status}`)).toContain(
      'repayment/pending-acceptance',
    );
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
  }, 30_000);

  it('does not print a secret it was given', async () => {
    const child = run(['--port', '0', '--api-key', 'mykey', '--api-secret', 'mysecret']);
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('API key:')) resolve();
      });
    });
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('close', resolve));
    expect(out).toContain('mykey');
    expect(out).not.toContain('mysecret');
  }, 30_000);
});
