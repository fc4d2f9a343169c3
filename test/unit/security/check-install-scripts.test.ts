/**
 * Issue 17.8: scripts/check-install-scripts.mjs fails on a production dependency that runs code at
 * install time unless package.json's "allowScripts" allows it. Runs the real script (and the real
 * `npm ls`, offline) over small projects made on disk.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../support/temp-dir';

const SCRIPT = resolve(__dirname, '../../../scripts/check-install-scripts.mjs');

const root = useTempDir('copper-scripts-');

interface Pkg {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  gyp?: boolean;
}

async function project(
  deps: Pkg[],
  options: { prod: string[]; dev?: string[]; allow?: Record<string, boolean> },
): Promise<void> {
  const version = (names: string[]) => Object.fromEntries(names.map((n) => [n, '1.0.0']));
  await writeFile(
    join(root(), 'package.json'),
    JSON.stringify({
      name: 'fixture',
      version: '1.0.0',
      dependencies: version(options.prod),
      devDependencies: version(options.dev ?? []),
      allowScripts: options.allow ?? {},
    }),
  );
  for (const dep of deps) {
    const dir = join(root(), 'node_modules', dep.name);
    await mkdir(dir, { recursive: true });
    const { gyp, ...manifest } = dep;
    await writeFile(join(dir, 'package.json'), JSON.stringify({ version: '1.0.0', ...manifest }));
    if (gyp) await writeFile(join(dir, 'binding.gyp'), '{ "targets": [] }');
  }
}

function run(): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile('node', [SCRIPT, '--root', root()], { timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 99) : 0, out: stdout + stderr }),
    );
  });
}

describe('check-install-scripts', () => {
  it('passes a tree whose only install script is allowed', async () => {
    await project(
      [
        {
          name: 'keytar',
          scripts: { install: 'prebuild-install || npm run build' },
          dependencies: { plain: '1.0.0' },
        },
        { name: 'plain', scripts: { test: 'echo fine', prepare: 'echo not at install' } },
      ],
      { prod: ['keytar'], allow: { keytar: true } },
    );
    const result = await run();
    expect(result.out).toMatch(/allowed\s+keytar@1\.0\.0: install: prebuild-install/);
    expect(result.code).toBe(0);
  }, 60_000);

  it('fails on a production dependency, direct or transitive, with an install hook off the list', async () => {
    await project(
      [
        { name: 'keytar', scripts: { install: 'prebuild-install' }, dependencies: { sneaky: '1.0.0' } },
        { name: 'sneaky', scripts: { postinstall: 'node steal.js' } },
        { name: 'native', gyp: true },
        { name: 'denied', scripts: { preinstall: 'node x.js' } },
      ],
      { prod: ['keytar', 'native', 'denied'], allow: { keytar: true, denied: false } },
    );
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/REFUSED\s+sneaky@1\.0\.0: postinstall: node steal\.js/);
    expect(result.out).toMatch(/REFUSED\s+native@1\.0\.0: binding\.gyp/);
    expect(result.out).toMatch(/REFUSED\s+denied@1\.0\.0: preinstall/);
    expect(result.out).not.toMatch(/REFUSED\s+keytar/);
    expect(result.out).toMatch(/3 production dependencies run an install script not on the allow-list/);
  }, 60_000);

  it('ignores development dependencies', async () => {
    await project([{ name: 'devtool', scripts: { postinstall: 'node download.js' } }], {
      prod: [],
      dev: ['devtool'],
    });
    const result = await run();
    expect(result.out).not.toMatch(/devtool/);
    expect(result.code).toBe(0);
  }, 60_000);
});
