/**
 * The app's build with the renderer left unminified, for profiles with readable function names:
 *   npx electron-vite build -c bench/lib/unminified.vite.config.ts --outDir /tmp/copper-unminified
 *   BENCH_STATIC_DIR=/tmp/copper-unminified/renderer BENCH_PROFILE=prof npx tsx bench/6-table-100k.ts
 * Never used for the figures: those come from the production build in out/renderer.
 */
import config from '../../electron.vite.config';

const renderer = (config as { renderer?: { build?: { minify?: boolean } } }).renderer;
if (renderer?.build) renderer.build.minify = false;

export default config;
