// `npm run web -- [flags]`: builds the console, then serves it to a browser on loopback.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const forward = args.filter((a) => a !== '--no-build');
const run = (cmd, cmdArgs) => {
  const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (!skipBuild) run('npx', ['electron-vite', 'build']);
run('npx', ['tsx', 'src/main/web/cli.ts', ...forward]);
