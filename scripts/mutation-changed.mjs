#!/usr/bin/env node
// CI's mutation step (issue 27.6): mutation testing on the source files that the last commit
// changed, as far as the configured scope (stryker.config.mjs `mutate`) covers them, bounded in
// time. Prints what it does and why; exits with Stryker's status (which fails below
// `thresholds.break`), 0 when there is nothing in scope to mutate, and 0 with a clear line when the
// time bound ends the run before a verdict (the bound keeps CI under its 40 minutes; the full scope
// is `npm run mutation`).
//   node scripts/mutation-changed.mjs [--base <rev>] [--minutes <n>] [--dry-run]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import config from '../stryker.config.mjs';

// The glob matcher Stryker itself reads `mutate` with (its own minimatch), so that the scope here is
// exactly Stryker's.
const { minimatch } = createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/core'))(
  'minimatch',
);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const base = option('--base', 'HEAD~1');
const minutes = Number(option('--minutes', '15'));
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error(`mutation-changed: --minutes must be a positive number, not ${option('--minutes', '')}`);
  process.exit(2);
}

/** The files a pattern list selects: the last matching pattern wins (`!` excludes). */
function inScope(file, patterns) {
  let selected = false;
  for (const p of patterns) {
    if (p.startsWith('!')) {
      if (minimatch(file, p.slice(1))) selected = false;
    } else if (minimatch(file, p)) selected = true;
  }
  return selected;
}

let changed;
try {
  changed = execFileSync('git', ['diff', '--name-only', '--diff-filter=AMR', base, 'HEAD', '--', 'src'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
} catch (error) {
  console.log(
    `mutation-changed: cannot compare with ${base} (${error.message.split('\n')[0]}): nothing mutated`,
  );
  process.exit(0);
}
const files = changed.filter((f) => existsSync(f) && inScope(f, config.mutate));
if (files.length === 0) {
  console.log(
    `mutation-changed: the last commit changes no source file in the mutation scope (${changed.length} under src/)`,
  );
  process.exit(0);
}
console.log(`mutation-changed: ${files.length} file(s), at most ${minutes} min:\n  ${files.join('\n  ')}`);
if (args.includes('--dry-run')) process.exit(0);

const child = spawn(
  'bash',
  ['scripts/with-keyring.sh', 'npx', 'stryker', 'run', '--mutate', files.join(',')],
  { stdio: 'inherit', env: { ...process.env, MUTATION_REPORT: 'ci-changed' }, detached: true },
);
const timer = setTimeout(() => {
  console.log(`mutation-changed: stopped after ${minutes} min without a verdict (no score judged)`);
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  setTimeout(() => process.exit(0), 5_000).unref();
}, minutes * 60_000);
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  if (signal !== null) process.exit(0);
  process.exit(code ?? 1);
});
