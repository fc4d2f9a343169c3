#!/usr/bin/env node
/**
 * Fails when a production dependency runs code at install time without being on the allow-list.
 *
 * `npm audit` cannot run here (the registry's audit endpoint answers 405), so this is the check
 * that a new or updated production dependency did not bring an install hook with it: an install
 * script runs with the developer's and the CI's rights before any test does.
 *
 * - The production tree is `npm ls --omit=dev --all --parseable` (the installed tree, offline).
 * - A package runs code at install when its package.json has a `preinstall`, `install` or
 *   `postinstall` script, or when it has a `binding.gyp` and no install script (npm then runs
 *   `node-gyp rebuild` on its own).
 * - The allow-list is package.json's `"allowScripts"`: a name mapped to `true` may run its script
 *   (keytar: it builds or fetches its native Secret Service binding); `false` or absent fails.
 *
 * Usage: node scripts/check-install-scripts.mjs [--root <project folder>]   (exit 0 clean, 1 not)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HOOKS = ['preinstall', 'install', 'postinstall'];

function parseArgs(argv) {
  const rootAt = argv.indexOf('--root');
  return { root: resolve(rootAt >= 0 && argv[rootAt + 1] ? argv[rootAt + 1] : process.cwd()) };
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Absolute folders of every installed production package (the project itself excluded). */
function productionPackageDirs(root) {
  let out;
  try {
    out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // npm ls exits 1 on a problem in the tree (missing, invalid) but still prints what it found.
    out = typeof error.stdout === 'string' ? error.stdout : '';
    if (out.trim() === '') throw new Error(`npm ls failed: ${error.stderr || error.message}`);
  }
  const dirs = out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && resolve(line) !== root);
  return [...new Set(dirs)];
}

/** What the package would run at install, or [] when nothing. */
export function installHooksOf(dir) {
  const manifestPath = join(dir, 'package.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = readJson(manifestPath);
  const scripts = manifest.scripts ?? {};
  const hooks = HOOKS.filter((hook) => typeof scripts[hook] === 'string' && scripts[hook].trim() !== '').map(
    (hook) => `${hook}: ${scripts[hook]}`,
  );
  if (hooks.length === 0 && existsSync(join(dir, 'binding.gyp')))
    hooks.push('binding.gyp (npm runs node-gyp rebuild)');
  return hooks.length === 0 ? [] : [{ name: manifest.name ?? dir, version: manifest.version ?? '?', hooks }];
}

export function checkInstallScripts(root) {
  const project = readJson(join(root, 'package.json'));
  const allow = project.allowScripts ?? {};
  const found = productionPackageDirs(root).flatMap((dir) => installHooksOf(dir).map((p) => ({ ...p, dir })));
  const refused = found.filter((p) => allow[p.name] !== true);
  const allowed = found.filter((p) => allow[p.name] === true);
  return { allowed, refused };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { root } = parseArgs(process.argv.slice(2));
  try {
    const { allowed, refused } = checkInstallScripts(root);
    for (const p of allowed) console.log(`allowed   ${p.name}@${p.version}: ${p.hooks.join('; ')}`);
    for (const p of refused)
      console.log(`REFUSED   ${p.name}@${p.version}: ${p.hooks.join('; ')} (${p.dir})`);
    if (refused.length > 0) {
      console.error(
        `\n${refused.length} production dependenc${refused.length === 1 ? 'y runs' : 'ies run'} an install script ` +
          'not on the allow-list. Review it, then add it to "allowScripts" in package.json (true) or remove the dependency.',
      );
      process.exit(1);
    }
    console.log(`install scripts: ${allowed.length} allowed, none refused`);
  } catch (error) {
    console.error(`check-install-scripts: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}
