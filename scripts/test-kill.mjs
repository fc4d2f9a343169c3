#!/usr/bin/env node
// `npm run test:kill -- --count 500`: the kill -9 test of the action service (CI runs 50 kills),
// with as many kills as asked, inside a private Secret Service like every integration test.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
let count = 50;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--count') {
    count = Number(args[++i]);
    if (!Number.isInteger(count) || count < 1 || count > 100_000) {
      console.error(`--count must be a whole number from 1 to 100000, got "${args[i]}"`);
      process.exit(2);
    }
  } else {
    console.error(`unknown option ${args[i]}; usage: npm run test:kill -- [--count N]`);
    process.exit(2);
  }
}
const result = spawnSync(
  'bash',
  ['scripts/with-keyring.sh', 'npx', 'vitest', 'run', 'test/integration/actions/action-service-kill.test.ts'],
  { stdio: 'inherit', env: { ...process.env, KILL_TEST_COUNT: String(count) } },
);
process.exit(result.status ?? 1);
