/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { minimal2023Preset } from '@vite-pwa/assets-generator/config';
import { availableParallelism } from 'node:os';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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

/**
 * Sonner (the toasts) adds its stylesheet to the page when its module first runs, once the page has been laid out; its
 * rules set properties on `<html>` that every element inherits, so the browser then works out the whole page's style
 * again, a long task on a phone as the app starts. Its stylesheet comes with the app's instead (`index.css` imports
 * `sonner/dist/styles.css`), and the call that adds it is taken out of the module.
 */
function sonnerStylesWithTheApps(): Plugin {
  return {
    name: 'hearsay:sonner-styles-with-the-apps',
    transform(code, id) {
      if (!/node_modules\/sonner\/dist\/index\.mjs$/.test(id)) return undefined;
      const call = /^__insertCSS\(".*"\);$/m;
      // A release that adds its styles another way would bring the long task back: the build says so.
      if (!call.test(code)) this.error('sonner no longer adds its styles with one __insertCSS call: see sonnerStylesWithTheApps');
      return { code: code.replace(call, ''), map: null };
    },
  };
}

/** The brand colour behind the icon where a platform wants a full square (maskable and Apple icons). */
const ICON_BACKGROUND = '#c2410c';
/** The page's canvas (`--canvas` in index.css, light): what an installed app shows while it opens. */
const CANVAS_LIGHT = '#faf8f5';

/**
 * The installable app (decision 083): the web manifest, the icons every platform asks for (made at build time from
 * `public/favicon.svg`, never committed) and our own service worker (`src/service-worker/sw.ts`), given the list of
 * files to keep. The app registers the worker itself, after the page has loaded (`app/installable-app/`).
 */
function installableApp() {
  const padded = { padding: 0.3, resizeOptions: { fit: 'contain', background: ICON_BACKGROUND } } as const;
  const preset = {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, ...padded },
    apple: { ...minimal2023Preset.apple, ...padded },
  };
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    pwaAssets: {
      image: 'public/favicon.svg',
      preset,
      overrideManifestIcons: true,
      // index.html has a theme colour for each colour scheme already.
      injectThemeColor: false,
    },
    manifest: {
      id: '/',
      name: 'Hearsay',
      short_name: 'Hearsay',
      description: 'Rate, review and discover albums through people, not algorithms.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: CANVAS_LIGHT,
      background_color: CANVAS_LIGHT,
      categories: ['music', 'social', 'entertainment'],
      shortcuts: [
        { name: 'Search', url: '/search' },
        { name: 'Rate what you played', short_name: 'Rate', url: '/library?tab=played' },
        { name: 'Notifications', url: '/notifications' },
        { name: 'Messages', url: '/messages' },
      ],
      // The share page reads these (another part of the app, issue #69).
      share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
    },
    injectManifest: {
      // The app's code and styles and its Latin fonts, so it starts offline. Noto Sans JP (over a hundred subsets) is
      // kept as pages use it instead (sw.ts). The server's page template is kept under its own address (sw.ts).
      globPatterns: ['**/*.{js,css,html,ico,png,svg}', 'assets/{inter,fraunces}-*.woff2'],
      globIgnores: ['.vite/**', 'og-default.png', 'sw.js'],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: 'app-shell.html' } : entry)),
          warnings: [],
        }),
      ],
      // The framework chunk is larger than Workbox keeps by default.
      maximumFileSizeToCacheInBytes: 3_000_000,
    },
    devOptions: { enabled: false },
  });
}

/**
 * Every file the browser is served, compressed once at build time at the highest levels (brotli 11, gzip 9), which the
 * server sends as they are (decision 094): compressing on each request cost the server more CPU than serving the file.
 * Not the service worker, which the server must send as it is on disk (a release's end-to-end journey rewrites it),
 * nor the page template, which the server fills in.
 */
function compressedFiles() {
  return compression({
    include: /\.(js|css|svg|json|webmanifest)$/,
    exclude: [/(^|\/)sw\.js$/, /\.map$/, /^\.vite\//],
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    fontsThatDoNotSwap(),
    sonnerStylesWithTheApps(),
    ...(isSsrBuild ? [] : [installableApp(), compressedFiles()]),
  ],
  server: {
    port: 5173,
    // The API, covers, uploads and the realtime socket live on the Hearsay server.
    proxy: {
      // `/api` itself is the web app's page about the API; everything under it is the API.
      '^/api/': { target: apiTarget, changeOrigin: false },
      // The ListenBrainz-compatible API for music players.
      '^/1/': { target: apiTarget },
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
                // What the page's entry itself imports (Vite's helper for dynamic imports, the yield to the browser):
                // a file of its own, so the app's modules are fetched once the page has painted, not with the entry.
                { name: 'bootstrap', test: /preload-helper|src\/shared\/lib\/yield-to-browser\.ts$/ },
                {
                  name: 'framework',
                  test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|tailwind-merge|clsx)\//,
                },
                // The app's own modules every page starts with (strings, the API client, the endpoints, how parts of a
                // page are taken over, the session, the layout's small pieces), in one file too: apart, each was a
                // file of its own, compressed alone.
                {
                  name: 'app-core',
                  test: new RegExp(
                    'src/shared/(i18n/index|lib/(api-client|endpoints|cn|deferred|hydrates-apart|taken-over|album-extensions|route-data|page-status|toast)|' +
                      'auth/session|realtime/realtime|ui/(card|skeleton|not-found))\\.tsx?$|src/features/settings/member-(settings|appearance)\\.ts$|' +
                      'src/app/layout/language-select\\.tsx$|contracts/src/(paths|remote-handle)\\.ts$',
                  ),
                },
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
