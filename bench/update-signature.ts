/**
 * Issue 26.2: what checking an update's signature costs. A 150 MB installer is written to a temporary
 * folder, then its SHA-512 is streamed from disk once and the Ed25519 signature verified, exactly as
 * the update service does before an update may be "ready" (src/main/updater/update-signature.ts).
 * Timed 3 times; the median is the figure. Target: at most 5 s (a one-off cost after a download of
 * the same file, which takes far longer on any real link); it only flags a check that reads the
 * file more than once or into memory.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkUpdateSignature } from '../src/main/updater/update-signature';
import { emit, heading, machine, median, round } from './lib/report';

const SIZE = 150 * 1024 * 1024;
const TARGET_MS = 5000;
const RUNS = 3;

const dir = await mkdtemp(join(tmpdir(), 'copper-bench-sig-'));
try {
  const file = join(dir, 'installer.bin');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const hash = createHash('sha512');
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let written = 0, i = 0; written < SIZE; written += chunk.length, i++) {
    chunk.fill(i % 251);
    hash.update(chunk);
    await handle.write(chunk);
  }
  await handle.close();
  const signature = sign(null, Buffer.from(hash.digest('hex'), 'ascii'), privateKey).toString('base64');

  const times: number[] = [];
  let rssPeakMb = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const refusal = await checkUpdateSignature(file, signature, publicKey);
    times.push(performance.now() - started);
    rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 1024 / 1024);
    if (refusal !== null) throw new Error(`the benchmark's own signature was refused: ${refusal}`);
  }
  const ms = round(median(times), 0);
  heading(`update signature check, 150 MB: ${ms} ms (median of ${RUNS}), peak RSS ${round(rssPeakMb, 0)} MB`);
  emit({
    id: 26,
    what: 'update signature: streamed SHA-512 + Ed25519 verify of a 150 MB installer',
    figure: `${ms.toLocaleString('en')} ms`,
    target: `≤ ${TARGET_MS.toLocaleString('en')} ms`,
    pass: ms <= TARGET_MS,
    details: {
      bytes: SIZE,
      runsMs: times.map((t) => round(t, 0)),
      mbPerSecond: round(SIZE / 1024 / 1024 / (ms / 1000), 0),
      rssPeakMb: round(rssPeakMb, 0),
      load1: machine().load1,
    },
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
