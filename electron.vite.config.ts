import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer's entry (main.tsx) is small and imports the app (app-root.tsx) dynamically, so that
 * its first request leaves before the app's code is evaluated. Vite preloads a dynamic import's
 * chunks only when the import runs; this links them from index.html too, so that they download
 * with the entry instead of after it. The tabs' own chunks stay lazy.
 */
function preloadAppRoot(): Plugin {
  return {
    name: 'copper:preload-app-root',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return [];
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          // The entry itself (app-root imports the boot's exports from it) is already linked.
          if (files.has(file) || file === entry.fileName || chunk?.type !== 'chunk') return;
          files.add(file);
          // The dynamic import waits for its stylesheets too: link them up front as well.
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        for (const file of entry.dynamicImports) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk' && chunk.facadeModuleId?.endsWith('/app-root.tsx')) visit(file);
        }
        const link = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        });
        return [
          ...[...styles].map((file) => link('stylesheet', file)),
          ...[...files].map((file) => link('modulepreload', file)),
        ];
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Dependencies stay in node_modules (electron-vite's default, spelled out).
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be CommonJS and self-contained: it imports only electron and the
      // names module (src/shared/channels.ts), so nothing else needs bundling or externalizing.
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
    plugins: [react(), preloadAppRoot()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
