/**
 * The dev loop's main side (scripts/dev.mjs runs it under `tsx watch`, which restarts it when a
 * main-side file changes): the same services and web bridge as the browser mode, on the port and
 * with the token the loop chose once, so the open page keeps working across restarts. The
 * renderer is served by Vite (hot reload), which proxies /rpc and /events here.
 */
import { createLogger } from '../src/main/log/logger';
import { createMainApp } from '../src/main/app/create-app';
import { startWebBridge } from '../src/main/web/bridge';

async function main(): Promise<void> {
  const port = Number(process.env['COPPER_DEV_BRIDGE_PORT']);
  const token = process.env['COPPER_DEV_TOKEN'];
  const dataDir = process.env['COPPER_DEV_DATA_DIR'];
  const staticDir = process.env['COPPER_DEV_STATIC_DIR'];
  if (!Number.isInteger(port) || !token || !dataDir || !staticDir)
    throw new Error('run through `npm run dev`, which sets the bridge port, token and folders');
  const log = createLogger();
  const mainApp = await createMainApp({
    dataDir,
    shell: 'browser',
    version: process.env['npm_package_version'] ?? '0.0.0-dev',
    sandboxSize: 'small',
    log,
    saveDialog: null,
  });
  const bridge = await startWebBridge({
    router: mainApp.router,
    events: mainApp.events,
    log,
    staticDir,
    port,
    token,
  });
  console.info(`dev main side ready on ${bridge.origin}`);
  const stop = async () => {
    await bridge.close();
    await mainApp.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`dev main side could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
