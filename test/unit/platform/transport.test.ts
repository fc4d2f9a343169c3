/**
 * The platform client's transport (src/main/platform/transport.ts) against a real loopback
 * server: the answer's status line, headers and body; compressed answers decoded (2xx and errors);
 * redirects not followed; what a request sends; and the failures that decide whether a request
 * may have reached the platform: a refused connection, a connection dropped after the request, an
 * abort before the headers and in the middle of the body, and a reader that stops early.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryOf } from '../../../src/main/platform/attempt-control';
import { decodedBody, undiciSend, type Answer, type SendInit } from '../../../src/main/platform/transport';
import { until } from '../../support/until';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let origin: string;
let handler: Handler;
let received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
const sockets = new Set<Socket>();

beforeEach(async () => {
  received = [];
  handler = (_req, res) => res.end();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  server.close();
  await once(server, 'close');
});

const init = (over: Partial<SendInit> = {}): SendInit => ({
  method: 'GET',
  headers: { Accept: 'application/json' },
  body: undefined,
  signal: new AbortController().signal,
  ...over,
});

async function text(answer: Answer): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of answer.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
}

describe('an answer', () => {
  it('gives the status line, headers by lowercase name (repeats joined), and the body', async () => {
    handler = (_req, res) => {
      res.statusMessage = 'Teapot Here';
      res.setHeader('X-Thing', ['a', 'b']);
      res.setHeader('Date', 'Mon, 07 Dec 2026 05:00:00 GMT');
      res.writeHead(418, { 'Content-Type': 'application/json' });
      res.end('{"é":"1"}');
    };
    const answer = await undiciSend(`${origin}/platform/x?limit=1`, init());
    expect(answer.status).toBe(418);
    expect(answer.statusText).toBe('Teapot Here');
    expect(answer.header('content-type')).toBe('application/json');
    expect(answer.header('x-thing')).toBe('a, b');
    expect(answer.header('date')).toBe('Mon, 07 Dec 2026 05:00:00 GMT');
    expect(answer.header('retry-after')).toBeNull();
    expect(await text(answer)).toBe('{"é":"1"}');
    expect(received[0]).toMatchObject({ method: 'GET', url: '/platform/x?limit=1' });
  });

  it('sends the method, the headers given, the body with its length, and asks for compression', async () => {
    const headers = { 'Content-Type': 'application/vnd.approve-loan+json', 'X-Signature': 'abc' };
    await text(await undiciSend(`${origin}/p`, init({ method: 'PATCH', headers, body: '{"a":"é"}' })));
    expect(received[0]?.method).toBe('PATCH');
    expect(received[0]?.body).toBe('{"a":"é"}');
    expect(received[0]?.headers).toMatchObject({
      'content-type': 'application/vnd.approve-loan+json',
      'content-length': '10',
      'x-signature': 'abc',
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('a redirect is an answer, not followed', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { Location: '/elsewhere' });
      res.end();
    };
    const answer = await undiciSend(`${origin}/p`, init({ method: 'POST', body: '{}' }));
    expect(answer.status).toBe(302);
    expect(answer.header('location')).toBe('/elsewhere');
    await text(answer);
    expect(received).toHaveLength(1);
  });
});

describe('compressed answers', () => {
  const json = '{"actions":[' + Array.from({ length: 200 }, (_, i) => `{"id":"${i}"}`).join(',') + ']}';
  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['GZIP', gzipSync],
  ] as const)('%s is decoded', async (coding, compress) => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': coding });
      res.end(compress(json));
    };
    expect(await text(await undiciSend(`${origin}/p`, init()))).toBe(json);
  });

  it('an error answer is decoded too (the client reads its envelope)', async () => {
    handler = (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync('{"error":"bad-request","message":"amount"}'));
    };
    const answer = await undiciSend(`${origin}/p`, init());
    expect(answer.status).toBe(400);
    expect(await text(answer)).toBe('{"error":"bad-request","message":"amount"}');
  });

  it('codings applied in turn are undone in reverse order', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip, br' });
      res.end(brotliCompressSync(gzipSync(json)));
    };
    expect(await text(await undiciSend(`${origin}/p`, init()))).toBe(json);
  });

  it('a corrupt compressed body fails while read', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' });
      res.end(Buffer.from('this is not gzip at all'));
    };
    const answer = await undiciSend(`${origin}/p`, init());
    expect(await failureOf(text(answer))).toMatchObject({ code: 'Z_DATA_ERROR' });
  });
});

describe('decodedBody', () => {
  const source = () => Readable.from([Buffer.from('plain')]);
  it('leaves a body alone without a coding, with identity only, or with a coding it does not know', async () => {
    for (const coding of [
      null,
      'identity',
      ' , identity',
      'zstd',
      'gzip, compress',
      'constructor',
      '__proto__',
    ]) {
      const body = source();
      expect(decodedBody(body, 200, coding)).toBe(body);
    }
  });

  it('skips identity and empty entries among real codings', async () => {
    const json = '{"a":"1"}';
    for (const coding of ['gzip, identity', 'identity, gzip', 'gzip,', ' , gzip ,identity']) {
      const decoded = decodedBody(Readable.from([gzipSync(json)]), 200, coding);
      const chunks: Buffer[] = [];
      for await (const chunk of decoded) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(json);
    }
  });

  it('leaves 204 and 304 alone: they have no content to decode', () => {
    const body = source();
    expect(decodedBody(body, 204, 'gzip')).toBe(body);
    expect(decodedBody(body, 304, 'gzip')).toBe(body);
    expect(decodedBody(body, 200, 'gzip')).not.toBe(body);
  });

  it('a 204 marked gzip with no body reads as empty over the wire', async () => {
    handler = (_req, res) => {
      res.writeHead(204, { 'Content-Encoding': 'gzip' });
      res.end();
    };
    expect(await text(await undiciSend(`${origin}/p`, init()))).toBe('');
  });

  it('destroying the decoded body destroys the answer underneath', async () => {
    const body = new Readable({ read() {} });
    const decoded = decodedBody(body, 200, 'gzip') as Readable;
    expect(body.destroyed).toBe(false);
    decoded.destroy();
    await until(
      () => body.destroyed,
      (destroyed) => destroyed,
    );
  });

  it('a failure of the answer underneath fails the decoded body', async () => {
    const body = new Readable({ read() {} });
    const decoded = decodedBody(body, 200, 'gzip') as Readable;
    body.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    const [error] = (await once(decoded, 'error').catch((e: unknown) => [e])) as [unknown];
    expect(error).toMatchObject({ code: 'UND_ERR_SOCKET' });
  });
});

describe('no answer', () => {
  it('a refused connection rejects with its code: it cannot have been sent', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const error = await failureOf(
      undiciSend(`http://127.0.0.1:${port}/p`, init({ method: 'POST', body: '{}' })),
    );
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(deliveryOf(error)).toBe('not-sent');
  });

  it('a connection dropped after the request arrived rejects: it may have been sent', async () => {
    handler = (req) => req.socket.destroy();
    const error = await failureOf(undiciSend(`${origin}/p`, init({ method: 'POST', body: '{}' })));
    expect(received).toHaveLength(1);
    expect(deliveryOf(error)).toBe('maybe-sent');
  });

  it('a header value undici will not put on the wire is refused before anything is sent', async () => {
    const error = await failureOf(
      undiciSend(`${origin}/p`, init({ headers: { 'X-Signature': 'a\r\nX-Evil: 1' } })),
    );
    expect(error).toMatchObject({ code: 'UND_ERR_INVALID_ARG' });
    expect(deliveryOf(error)).toBe('not-sent');
    expect(received).toHaveLength(0);
  });

  it('an HTTP client that cannot be loaded sent nothing, and is loaded again on the next request', async () => {
    vi.resetModules();
    vi.doMock('undici', () => {
      throw new Error('Cannot find module undici');
    });
    const fresh = await import('../../../src/main/platform/transport');
    const error = await failureOf(fresh.undiciSend(`${origin}/p`, init({ method: 'POST', body: '{}' })));
    expect(error).toMatchObject({ code: fresh.TRANSPORT_UNAVAILABLE });
    expect((error as Error).message).toMatch(/^The HTTP client could not be loaded: /);
    expect(deliveryOf(error)).toBe('not-sent');
    vi.doUnmock('undici');
    const answer = await fresh.undiciSend(`${origin}/p`, init());
    expect(answer.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('startLoadingTransport begins loading the HTTP client at once, and a failure there is not thrown', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('undici', () => {
      loads++;
      throw new Error('Cannot find module undici');
    });
    const fresh = await import('../../../src/main/platform/transport');
    expect(() => fresh.startLoadingTransport()).not.toThrow();
    await until(
      () => loads,
      (n) => n === 1,
    );
    vi.doUnmock('undici');
  });

  it('an abort before the headers rejects the request', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = undiciSend(`${origin}/p`, init({ signal: controller.signal }));
    await until(
      () => received.length,
      (n) => n === 1,
    );
    controller.abort();
    expect(await failureOf(pending)).toBeDefined();
  });

  it('an abort in the middle of the body fails the read and closes the connection', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"actions":[');
    };
    const controller = new AbortController();
    const answer = await undiciSend(`${origin}/p`, init({ signal: controller.signal }));
    const iterator = answer.body[Symbol.asyncIterator]();
    expect(Buffer.from((await iterator.next()).value as Uint8Array).toString()).toBe('{"actions":[');
    controller.abort();
    expect(await failureOf(iterator.next())).toBeDefined();
    await until(
      () => sockets.size,
      (n) => n === 0,
    );
  });

  it.each([
    ['plain', {}, Buffer.from('{"a":')],
    ['gzip', { 'Content-Encoding': 'gzip' }, gzipSync('{"a":"1"}').subarray(0, 5)],
  ])(
    'a %s answer aborted while nobody reads it raises no uncaught error; a later read fails',
    async (_name, coding, part) => {
      const uncaught: unknown[] = [];
      const hear = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', hear);
      try {
        handler = (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'application/json', ...coding });
          res.write(part);
        };
        const controller = new AbortController();
        const answer = await undiciSend(`${origin}/p`, init({ signal: controller.signal }));
        controller.abort();
        await until(
          () => sockets.size,
          (n) => n === 0,
        );
        await new Promise((r) => setImmediate(r));
        expect(uncaught).toEqual([]);
        expect(await failureOf(text(answer))).toBeDefined();
      } finally {
        process.off('uncaughtException', hear);
      }
    },
  );

  it('a reader that stops early drops the connection instead of leaving the answer unread', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('a,b\r\n');
    };
    const answer = await undiciSend(`${origin}/p`, init());
    for await (const chunk of answer.body) {
      expect(Buffer.from(chunk).toString()).toBe('a,b\r\n');
      break;
    }
    await until(
      () => sockets.size,
      (n) => n === 0,
    );
  });
});
