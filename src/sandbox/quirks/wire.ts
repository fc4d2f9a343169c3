/**
 * Transport quirks: what arrives on the wire around a platform answer. Some replace the answer
 * before the operation runs (an HTML error page, a 200 carrying an error envelope, a redirect);
 * the others change how a JSON answer is sent (gzip, a BOM, a body cut short); and every answer's
 * `Date` header tells the sandbox's clock, skewed or unreadable on demand.
 */
import { gzipSync } from 'node:zlib';
import type { SandboxQuirks } from '../../shared/sandbox-quirks';

/** An answer that replaces the operation's: written as is. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** How a JSON body goes out. */
export interface Encoding {
  bom: boolean;
  gzip: SandboxQuirks['gzip'];
  /** Send half the body, then close. */
  cutOff: boolean;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const HTML_PAGE = (status: number) =>
  Buffer.from(
    `<!DOCTYPE html>\n<html><head><title>${status} ${status === 502 ? 'Bad Gateway' : 'Service Unavailable'}</title></head>` +
      `<body><h1>${status} ${status === 502 ? 'Bad Gateway' : 'Service Unavailable'}</h1>` +
      `<p>sandbox quirk htmlError: the proxy in front of the platform answered.</p></body></html>\n`,
  );

/** The loopback name the same server also answers on. */
function otherHost(host: string): string {
  const [name, port] = host.startsWith('[') ? [host, ''] : host.split(':');
  const other = name === 'localhost' ? '127.0.0.1' : 'localhost';
  return port !== undefined && port !== '' ? `${other}:${port}` : other;
}

/** Counts platform requests for the `every` of each transport quirk. */
export class WireQuirks {
  private counts = new Map<string, number>();
  private dateKey = Number.NaN;
  private dateText = '';

  reset(): void {
    this.counts.clear();
  }

  /** Counts one request for `name`; true when this is its Nth. */
  private due(name: string, every: number): boolean {
    const n = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, n);
    return n % every === 0;
  }

  /** The answer that replaces the operation's, before it runs; undefined to go on. */
  before(q: SandboxQuirks, target: string, host: string | undefined): WireAnswer | undefined {
    if (q.htmlError !== undefined && this.due('htmlError', q.htmlError.every))
      return {
        status: q.htmlError.status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: HTML_PAGE(q.htmlError.status),
      };
    if (q.errorEnvelopeOk !== undefined && this.due('errorEnvelopeOk', q.errorEnvelopeOk.every))
      return {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: Buffer.from(
          JSON.stringify({
            error: 'service-unavailable',
            message:
              'sandbox quirk errorEnvelopeOk: the platform could not serve this request; nothing was changed',
          }),
        ),
      };
    if (q.redirect !== undefined && this.due('redirect', q.redirect.every)) {
      const location =
        q.redirect.to === 'path' ? `/moved${target}` : `http://${otherHost(host ?? '127.0.0.1')}${target}`;
      return {
        status: q.redirect.status,
        headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8' },
        body: Buffer.from(`sandbox quirk redirect: moved to ${location}\n`),
      };
    }
    return undefined;
  }

  /** How this JSON answer goes out; undefined when plainly. */
  encoding(q: SandboxQuirks): Encoding | undefined {
    const cutOff = q.cutOffBody !== undefined && this.due('cutOffBody', q.cutOffBody.every);
    if (!cutOff && q.bom !== true && q.gzip === undefined) return undefined;
    return { bom: q.bom === true, gzip: q.gzip, cutOff };
  }

  /** The `Date` header for the sandbox's wall clock `nowMs` (cached per second: every answer has one). */
  date(q: SandboxQuirks, nowMs: number): string {
    if (q.unreadableDate === true) return 'sometime around now (sandbox quirk unreadableDate)';
    const at = nowMs + (q.dateSkewMs ?? 0);
    const key = Math.floor(at / 1000);
    if (key !== this.dateKey) {
      this.dateKey = key;
      this.dateText = new Date(at).toUTCString();
    }
    return this.dateText;
  }
}

/** The body and headers of a JSON answer sent under `enc`. */
export function encodeBody(
  payload: Buffer,
  enc: Encoding,
): { body: Buffer; headers: Record<string, string> } {
  let body = enc.bom ? Buffer.concat([BOM, payload]) : payload;
  const headers: Record<string, string> = {};
  if (enc.gzip !== undefined) {
    body = gzipSync(body);
    if (enc.gzip === 'labelled') headers['Content-Encoding'] = 'gzip';
  }
  return { body, headers };
}
