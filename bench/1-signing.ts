/**
 * Benchmark 1: signing one request (build the prehash, HMAC-SHA256, hex) with the app's
 * `signRequest` + `createHmacSigner`, against a bare `crypto.createHmac` over the same bytes.
 * The two sides alternate in batches after a warm-up; the figure is the ratio of the median
 * per-signature times. Target: ratio ≤ 1.5.
 */
import { createHmac } from 'node:crypto';
import { buildPrehash, signRequest } from '../src/main/platform/signing';
import { createHmacSigner } from '../src/main/keychain/hmac-signer';
import { emit, heading, median, round } from './lib/report';

const KEY = 'ak_bench_7f3c9e21b0d84a56';
const SECRET = 'sk_bench_d41d8cd98f00b204e9800998ecf8427e';
const PATH = '/platform/clearloop/actions?limit=100&offset=4200';
const BATCH = 20_000;
const ROUNDS = 15;
const WARMUP_ROUNDS = 3;

const signer = createHmacSigner(KEY, SECRET);
let sink = 0; // keeps results alive so the work cannot be optimised away

function appSide(start: number): number {
  const t = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const headers = signRequest(signer, { method: 'GET', pathWithQuery: PATH, timestamp: start + i });
    sink += headers['X-Signature'].length;
  }
  return ((performance.now() - t) * 1e6) / BATCH;
}

// The same bytes, built before the clock starts: what is left is only the HMAC and the hex.
const prehashes = Array.from({ length: BATCH }, (_, i) =>
  buildPrehash(String(1_750_000_000_000 + i), 'GET', PATH, undefined),
);
function bareSide(): number {
  const t = performance.now();
  for (let i = 0; i < BATCH; i++) {
    sink += createHmac('sha256', SECRET)
      .update(prehashes[i] as string)
      .digest('hex').length;
  }
  return ((performance.now() - t) * 1e6) / BATCH;
}

function main(): void {
  // Both sides produce the same signature for the same request.
  const check = signRequest(signer, { method: 'GET', pathWithQuery: PATH, timestamp: 1_750_000_000_000 });
  const bare = createHmac('sha256', SECRET)
    .update(prehashes[0] as string)
    .digest('hex');
  if (check['X-Signature'] !== bare) throw new Error('the two sides sign different bytes');

  const app: number[] = [];
  const raw: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
    // Alternate which side goes first so that drift in machine load hits both alike.
    let a: number;
    let b: number;
    if (r % 2 === 0) {
      a = appSide(1_750_000_000_000);
      b = bareSide();
    } else {
      b = bareSide();
      a = appSide(1_750_000_000_000);
    }
    if (r < WARMUP_ROUNDS) continue;
    app.push(a);
    raw.push(b);
    ratios.push(a / b);
  }
  const appNs = median(app);
  const rawNs = median(raw);
  const ratio = median(ratios);

  heading('1. signing one request');
  console.info(`signRequest (prehash + HMAC + hex): median ${round(appNs, 0)} ns/request`);
  console.info(`bare createHmac over the same bytes:  median ${round(rawNs, 0)} ns/request`);
  console.info(`ratio (median of ${ROUNDS} paired rounds of ${BATCH}): ${round(ratio)}× (target ≤ 1.5)`);
  if (sink <= 0) throw new Error('nothing was signed');
  emit({
    id: 1,
    what: 'signing: signRequest vs bare createHmac',
    figure: `${round(ratio)}×`,
    target: '≤ 1.5×',
    pass: ratio <= 1.5,
    details: {
      appNsPerRequest: round(appNs, 0),
      bareNsPerRequest: round(rawNs, 0),
      ratio: round(ratio, 3),
      rounds: ROUNDS,
      batch: BATCH,
    },
  });
}

main();
