import { describe, expect, it } from 'vitest';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRotatingFileSink } from '../../../src/main/log/file-sink';
import { createLogger } from '../../../src/main/log/logger';
import { useTempDir } from '../../support/temp-dir';

const dir = useTempDir('copper-log-');

describe('log file', () => {
  it('writes lines to logs/main.log, readable by the owner only', async () => {
    const sink = createRotatingFileSink({ dir: join(dir(), 'logs') });
    sink.write('first');
    sink.write('second');
    expect(sink.path).toBe(join(dir(), 'logs', 'main.log'));
    expect(await readFile(sink.path, 'utf8')).toBe('first\nsecond\n');
    if (process.platform !== 'win32') expect((await stat(sink.path)).mode & 0o777).toBe(0o600);
  });

  it('rotates by size and keeps only the newest generations', async () => {
    const sink = createRotatingFileSink({ dir: dir(), maxBytes: 100, keep: 2 });
    for (let i = 0; i < 20; i++) sink.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(30)}`);
    const files = (await readdir(dir())).sort();
    expect(files).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    for (const file of files) expect((await stat(join(dir(), file))).size).toBeLessThanOrEqual(100);
    const newest = await readFile(join(dir(), 'main.log'), 'utf8');
    expect(newest).toContain('line 19');
    const all = (await Promise.all(files.map((f) => readFile(join(dir(), f), 'utf8')))).join('');
    expect(all).not.toContain('line 00');
  });

  it('continues an existing file after a restart', async () => {
    createRotatingFileSink({ dir: dir(), maxBytes: 1000 }).write('before restart');
    createRotatingFileSink({ dir: dir(), maxBytes: 1000 }).write('after restart');
    expect(await readFile(join(dir(), 'main.log'), 'utf8')).toBe('before restart\nafter restart\n');
  });

  it('holds no secret: lines are redacted by the logger before they reach the file', async () => {
    const sink = createRotatingFileSink({ dir: dir() });
    const log = createLogger(sink);
    log.error('platform', 'request failed: Authorization: ApiKey abcdef123456 X-Signature: deadbeefcafe');
    log.warn('keychain', 'bad input {"apiSecret":"s3cr3t-value-123","passphrase":"correct horse battery"}');
    const text = await readFile(sink.path, 'utf8');
    expect(text).not.toContain('abcdef123456');
    expect(text).not.toContain('deadbeefcafe');
    expect(text).not.toContain('s3cr3t-value-123');
    expect(text).not.toContain('correct horse');
    expect(text).toContain('[redacted]');
  });

  it('a log folder it cannot write disables the file, not the app', async () => {
    const lines: string[] = [];
    const notADir = join(dir(), 'a-file');
    await writeFile(notADir, '');
    const sink = createRotatingFileSink({
      dir: join(notADir, 'logs'),
      mirror: { write: (l) => lines.push(l) },
    });
    expect(() => sink.write('still works')).not.toThrow();
    sink.write('and again');
    expect(lines[0]).toBe('still works');
    expect(lines.filter((l) => l.includes('disabled'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('and again');
  });
});
