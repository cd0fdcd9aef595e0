/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.HEARSAY_API_URL ?? 'http://localhost:3000';

/**
 * The web fonts are used when they arrive in time for the first paint, else the fallback stays for that page
 * (`optional`, where the font packages say `swap`): a font swapped in later lays the whole page out again, a long task
 * on a phone just as the app starts. The next page finds them in the cache. (The built stylesheet only: the development
 * server keeps `swap`.) Noto Sans JP keeps `swap`: it is the fallback of last resort for Japanese, and without it the
 * text would be empty boxes, not merely another face.
 */
function fontsThatDoNotSwap(): Plugin {
  return {
    name: 'hearsay:fonts-that-do-not-swap',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') {
          file.source = file.source.replace(/@font-face\s*\{[^}]*\}/g, (face) =>
            face.includes('Noto Sans JP') ? face : face.replace(/font-display:\s*swap/g, 'font-display:optional'),
          );
        }
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), fontsThatDoNotSwap()],
  server: {
    port: 5173,
    // The API, covers, uploads and the realtime socket live on the Hearsay server.
    proxy: {
      // `/api` itself is the web app's page about the API; everything under it is the API.
      '^/api/': { target: apiTarget, changeOrigin: false },
      '/covers': { target: apiTarget },
      '/uploads': { target: apiTarget },
      '/realtime': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // The server renderer (`--ssr`, into dist-ssr) needs none of the files the browser is served.
    copyPublicDir: !isSsrBuild,
    // What the entry budget reads (scripts/check-entry-budget.ts): which chunks the app starts with.
    manifest: !isSsrBuild,
    // Every browser the build targets (es2022) preloads modules itself.
    // A dynamic import fetches its chunk alone, and the browser fetches the modules that chunk imports as it reads it.
    // Vite's alternative, a script adding a preload link per module before each import, cost a phone's main thread
    // 40–50 ms per page as it started (each link inserted into a large rendered page is dear).
    modulePreload: false,
    // The libraries every page starts with, in one file rather than a dozen small ones (each file compresses alone).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|tailwind-merge|clsx)\//,
                },
                // The app's own modules every page starts with (strings, the API client, the endpoints), in one file too.
                { name: 'app-core', test: /src\/shared\/(i18n\/index|lib\/api-client|lib\/endpoints)\.ts$/ },
              ],
            },
          },
        },
  },
  // The contracts are TypeScript source: bundled into the server renderer rather than left for Node to import.
  ssr: { noExternal: ['@hearsay/contracts'] },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One test file per core (Vitest otherwise keeps one free: on two cores, one file at a time).
    maxWorkers: availableParallelism(),
    // Room for a test's several 5-second waits (vitest.setup.ts) on a slow machine.
    testTimeout: 20_000,
  },
}));
