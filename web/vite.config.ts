/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.HEARSAY_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
