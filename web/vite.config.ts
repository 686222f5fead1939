/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Go BFF serves /prod-api (and, in production, this app). BFF_URL points elsewhere.
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:8080';
const proxy = {
  '/prod-api': { target: bff, changeOrigin: true },
  // CMS pictures referenced by content as site paths (served by the BFF in production).
  '/cms-assets': { target: bff, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle-size.mjs measures.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Generated schema modules only define values: let the bundler drop the ones a chunk
        // does not use (zod calls would otherwise count as side effects and keep all of them).
        moduleSideEffects: [{ test: /[\\/]src[\\/]api[\\/]generated[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework every page needs, in one long-cached chunk. Libraries used by a
              // single lazy page are not listed, so they stay in that page's chunk.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zod|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
