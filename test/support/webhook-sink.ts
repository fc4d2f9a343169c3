/** A test receiver: records every POST (raw bytes and headers) and answers what the test says. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Captured {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: { event: string; eventId: string; payload: Record<string, unknown>; subscriptionId: string };
}

export interface Sink {
  url: string;
  received: Captured[];
  /** Decides the answer per request (default 200). */
  answer: (req: Captured, res: ServerResponse) => void;
  waitFor(count: number, timeoutMs?: number): Promise<Captured[]>;
  close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  const received: Captured[] = [];
  const sink: Sink = {
    url: '',
    received,
    answer: (_req, res) => res.writeHead(200).end('ok'),
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`sink got ${received.length} deliveries, wanted ${count}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const captured: Captured = {
        at: Date.now(),
        path: req.url ?? '/',
        headers: req.headers,
        raw,
        json: JSON.parse(raw.toString('utf8')) as Captured['json'],
      };
      received.push(captured);
      sink.answer(captured, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return sink;
}
