/**
 * A small platform stand-in for client tests: a node:http server that checks every request's
 * HMAC signature independently (reference-hmac.ts), records what it received, and serves canned
 * answers, including activities as JSON or CSV pages generated on the fly.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { referenceSignature } from './reference-hmac';

export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as received, e.g. `/platform/portfolios?limit=5`. */
  url: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  signatureValid: boolean;
}

/** May return a promise; anything it returns is otherwise ignored. */
export type Handler = (req: ReceivedRequest, res: ServerResponse) => unknown;

export interface VerifyingServer {
  baseUrl: string;
  organizationId: string;
  hits: ReceivedRequest[];
  /** Replaces the canned answers (requests are still verified first). */
  setHandler(handler: Handler | null): void;
  close(): Promise<void>;
}

export interface VerifyingServerOptions {
  apiKey: string;
  apiSecret: string;
  /** Number of activities the canned activity pages hold. */
  activities?: number;
  handler?: Handler;
}

export const ORG_ID = 'org-test-1';

export const ACTIVITY_COLUMNS = [
  'activityId',
  'activityType',
  'createdAt',
  'description',
  'name',
  'organizationId',
  'portfolioId',
  'userId',
] as const;

/** Deterministic activity i; every 10th description starts with a formula trigger. */
export function activityRow(i: number): string[] {
  const triggers = ['=HYPERLINK("http://x","y")', '+1', '-5', '@SUM(A1)', '\tTAB', 'plain, "quoted"'];
  const description =
    i % 10 === 0 ? (triggers[(i / 10) % triggers.length] as string) : `Activity number ${i}`;
  return [
    `act-${i}`,
    i % 2 === 0 ? 'login' : 'new-loan',
    String(1_700_000_000_000 + i),
    description,
    `Name ${i}`,
    ORG_ID,
    `pf-${i % 7}`,
    `user-${i % 13}`,
  ];
}

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export async function startVerifyingServer(options: VerifyingServerOptions): Promise<VerifyingServer> {
  const hits: ReceivedRequest[] = [];
  let handler: Handler | null = options.handler ?? null;
  const total = options.activities ?? 2_500;

  const canned: Handler = (req, res) => {
    const limit = Number(req.query.get('limit') ?? '1000');
    const offset = Number(req.query.get('offset') ?? '0');
    const p = req.pathname;
    if (req.method === 'GET' && p === `/platform/organizations/${ORG_ID}/activities`) {
      const end = Math.min(total, offset + limit);
      if (req.headers.accept === 'text/csv') {
        let text = csvLine(ACTIVITY_COLUMNS);
        for (let i = offset; i < end; i++) text += csvLine(activityRow(i));
        res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
        res.end(text);
        return;
      }
      const activities = [];
      for (let i = offset; i < end; i++) {
        const row = activityRow(i);
        activities.push(Object.fromEntries(ACTIVITY_COLUMNS.map((c, k) => [c, row[k]])));
      }
      return sendJson(res, 200, { activities });
    }
    if (req.method === 'GET' && p === '/platform/portfolios') {
      return sendJson(res, 200, { portfolios: [{ portfolioId: 'pf-1', portfolioName: 'Main' }] });
    }
    if (req.method === 'GET' && p === '/platform/agent-wallets') {
      return sendJson(res, 200, {
        agentWallets: [{ id: 'aw-1', portfolioId: req.query.get('portfolioId') ?? 'pf-1' }],
      });
    }
    if (req.method === 'POST' && p === '/platform/exchange') {
      return sendJson(res, 200, { status: 'ok', response: { type: 'order', data: { statuses: [] } } });
    }
    const loan = /^\/platform\/organizations\/([^/]+)\/loans\/([^/]+)$/.exec(p);
    if (loan && (req.method === 'PATCH' || req.method === 'GET')) {
      return sendJson(res, 200, {
        loanId: decodeURIComponent(loan[2] as string),
        status: 'active',
        amount: '100.5',
        echoContentType: req.headers['content-type'] ?? null,
        echoBody: req.body,
      });
    }
    sendJson(res, 404, { error: 'not-found', message: `no route for ${req.method} ${p}` });
  };

  const server = createServer((request, res) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-timestamp'] ?? '');
      const expected = referenceSignature(options.apiSecret, timestamp, request.method ?? '', url, body);
      const signatureValid =
        request.headers.authorization === `ApiKey ${options.apiKey}` &&
        request.headers['x-signature'] === expected;
      const parsed = new URL(url, 'http://local');
      const received: ReceivedRequest = {
        method: request.method ?? '',
        url,
        pathname: parsed.pathname,
        query: parsed.searchParams,
        headers: request.headers,
        body,
        signatureValid,
      };
      hits.push(received);
      if (!signatureValid) return sendJson(res, 401, { error: 'unauthorized', message: 'Invalid signature' });
      Promise.resolve((handler ?? canned)(received, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/platform`,
    organizationId: ORG_ID,
    hits,
    setHandler: (h) => (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
