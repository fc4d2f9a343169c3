/**
 * The log file in the data folder (`logs/main.log`), rotated by size: when a line would take the
 * file past `maxBytes`, main.log becomes main.log.1, main.log.1 becomes main.log.2, … and the oldest
 * beyond `keep` is deleted. Lines reach this sink already redacted by the logger (logger.ts), so no
 * secret is written here. Writes are synchronous: the volume is a few lines a minute, and a line
 * written just before a crash is the one that matters.
 */
import { appendFileSync, chmodSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './logger';

export interface RotatingFileOptions {
  dir: string;
  fileName?: string;
  /** Default 5 MiB. */
  maxBytes?: number;
  /** Rotated files kept besides the current one; default 3. */
  keep?: number;
  /** Also written to (e.g. stderr); failures of the file never stop these. */
  mirror?: LogSink;
}

export interface RotatingFileSink extends LogSink {
  readonly path: string;
}

export function createRotatingFileSink(options: RotatingFileOptions): RotatingFileSink {
  const path = join(options.dir, options.fileName ?? 'main.log');
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = options.keep ?? 3;
  let size: number | null = null;
  let broken = false;

  const currentSize = (): number => {
    if (size !== null) return size;
    try {
      size = statSync(path).size;
    } catch {
      size = 0;
    }
    return size;
  };

  const rotate = (): void => {
    rmSync(`${path}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      try {
        renameSync(`${path}.${i}`, `${path}.${i + 1}`);
      } catch {
        // A missing generation is normal until the log has rotated `keep` times.
      }
    }
    if (keep >= 1) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    size = 0;
  };

  return {
    path,
    write(line) {
      options.mirror?.write(line);
      if (broken) return;
      const bytes = Buffer.byteLength(line) + 1;
      try {
        if (size === null) mkdirSync(options.dir, { recursive: true, mode: 0o700 });
        if (currentSize() > 0 && currentSize() + bytes > maxBytes) rotate();
        appendFileSync(path, line + '\n', { mode: 0o600 });
        if (size === 0) chmodSync(path, 0o600);
        size = currentSize() + bytes;
      } catch (error) {
        // A full disk or a read-only folder must not take the app down; say so once and carry on.
        broken = true;
        const reason = error instanceof Error ? error.message : String(error);
        options.mirror?.write(`log file ${path} disabled: ${reason}`);
      }
    },
  };
}
