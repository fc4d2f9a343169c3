// `npm run dev [-- --port <p>] [--data-dir <dir>]`: the development loop.
// - Where Electron's binary is installed: `electron-vite dev` (renderer hot reload, main restarts).
// - Otherwise the browser mode: Vite serves the renderer with hot module reload, and the main side
//   runs under `tsx watch` (restarted on every main-side change) behind Vite's proxy for /rpc and
//   /events. The page's URL, with its connection token, is printed on a line of its own.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { electronBinaryStatus } from './dist.mjs';

const root = resolve(import.meta.dirname, '..');

function freePort() {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The proxy may present the page's own Origin as the bridge's; any other Origin goes through unchanged and is refused there. */
export function bridgeProxy(target, pageOrigin) {
  const rewrite = (proxy) =>
    proxy.on('proxyReq', (request) => {
      if (request.getHeader('origin') === pageOrigin) request.setHeader('origin', target);
    });
  return {
    '/rpc': { target, changeOrigin: true, configure: rewrite },
    '/events': { target, changeOrigin: true, configure: rewrite },
  };
}

/**
 * Dev server only (never the build): Vite injects CSS as <style> elements and React Fast Refresh
 * needs one inline script, which the console's CSP (index.html) refuses; the dev page gets
 * 'unsafe-inline' for both. The built app, the browser mode and Electron keep the strict policy.
 */
export const devCspPlugin = {
  name: 'copper-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
};

async function browserLoop(values) {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { createServer, loadConfigFromFile } = await import('vite');
  const askedPort = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(askedPort) || askedPort < 0 || askedPort > 65535) {
    console.error(`--port must be a port number, got "${values.port}"`);
    process.exit(2);
  }
  // Known before Vite starts: the proxy is configured with the page's origin.
  const vitePort = askedPort === 0 ? await freePort() : askedPort;
  const pageOrigin = `http://127.0.0.1:${vitePort}`;
  const bridgePort = await freePort();
  const bridgeOrigin = `http://127.0.0.1:${bridgePort}`;
  const token = randomBytes(32).toString('hex');
  const dataDir = resolve(values['data-dir'] ?? resolve(root, '.data', 'dev'));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  // The renderer's own Vite settings (alias, React plugin) from electron.vite.config.ts; the e2e test
  // serves a copy of the renderer by setting COPPER_DEV_RENDERER_ROOT.
  const loaded = await loadConfigFromFile(
    { command: 'serve', mode: 'development' },
    resolve(root, 'electron.vite.config.ts'),
  );
  const renderer = loaded?.config.renderer ?? {};
  const rendererRoot = process.env.COPPER_DEV_RENDERER_ROOT ?? renderer.root ?? resolve(root, 'src/renderer');

  const main = spawn(
    process.execPath,
    [
      resolve(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      resolve(root, 'scripts/dev-main.ts'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        COPPER_DEV_BRIDGE_PORT: String(bridgePort),
        COPPER_DEV_TOKEN: token,
        COPPER_DEV_DATA_DIR: dataDir,
        COPPER_DEV_STATIC_DIR: rendererRoot,
      },
    },
  );

  // The URL is printed once the main side answers, so the first page load finds it.
  const mainReady = new Promise((done) => {
    main.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('dev main side ready on')) done();
    });
  });

  const server = await createServer({
    ...renderer,
    configFile: false,
    plugins: [...(renderer.plugins ?? []), devCspPlugin],
    root: rendererRoot,
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port: vitePort,
      strictPort: true,
      proxy: bridgeProxy(bridgeOrigin, pageOrigin),
    },
  });
  await server.listen();
  await mainReady;
  console.info(`Copper Operator dev loop (browser mode, hot reload), data in ${dataDir}`);
  console.info('Open this URL (it carries the connection token):');
  console.info(`${pageOrigin}/#token=${token}`);

  const stop = async () => {
    main.kill('SIGTERM');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  main.on('exit', (code, signal) => {
    if (signal !== 'SIGTERM') console.error(`the main side's watcher stopped (${signal ?? code})`);
  });
}

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, browser: { type: 'boolean' } },
  strict: true,
});
if (!values.browser && electronBinaryStatus().ok) {
  const result = spawnSync('npx', ['electron-vite', 'dev'], { stdio: 'inherit', cwd: root });
  process.exit(result.status ?? 1);
}
if (!values.browser) console.info('No Electron binary here: starting the dev loop in browser mode.');
if (!existsSync(resolve(root, 'node_modules/tsx/dist/cli.mjs'))) {
  console.error('npm run dev needs tsx (a dev dependency): run npm ci.');
  process.exit(1);
}
await browserLoop(values);
