/**
 * A raw HTTP client for sandbox tests: sends the request target byte for byte (fetch would
 * normalise paths), and signs with the independent helper.
 */
import { Agent, request } from 'node:http';
import { platformHeaders } from './sandbox-signing';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export function rawRequest(
  origin: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
  timeoutMs = 10_000,
): Promise<RawResponse> {
  const url = new URL(origin);
  // Node frames a GET/DELETE body only with an explicit length.
  const hasLength = Object.keys(headers).some((k) => k.toLowerCase() === 'content-length');
  if (body.length > 0 && !hasLength)
    headers = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${target}`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface SandboxTarget {
  /** http://127.0.0.1:<port> */
  origin: string;
  apiKey: string;
  apiSecret: string;
}

export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** A signed request; `target` starts with /platform and includes any query string. */
export function signed(
  sb: SandboxTarget,
  method: string,
  target: string,
  opts: { body?: string; headers?: Record<string, string>; timestamp?: string } = {},
): Promise<RawResponse> {
  const body = opts.body ?? '';
  const auth = platformHeaders(sb.apiKey, sb.apiSecret, method, target, body, opts.timestamp);
  const headers: Record<string, string> = { ...auth, ...(opts.headers ?? {}) };
  if (body !== '' && headers['Content-Type'] === undefined) headers['Content-Type'] = 'application/json';
  return rawRequest(sb.origin, method, target, headers, body);
}

/** Signed GET that expects 200 and returns the JSON. */
export async function getJson<T>(sb: SandboxTarget, target: string): Promise<T> {
  const res = await signed(sb, 'GET', target);
  if (res.status !== 200) throw new Error(`GET ${target} → ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as T;
}

/** A control request: JSON body, the sandbox's control token, a loopback Host (the default). */
export function control(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  controlToken = '',
): Promise<RawResponse> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { 'X-Sandbox-Token': controlToken };
  if (text !== '') headers['Content-Type'] = 'application/json';
  return rawRequest(origin, method, `/sandbox${path}`, headers, text);
}
