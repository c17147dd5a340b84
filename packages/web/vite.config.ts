import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.KINFOLIO_API ?? 'http://127.0.0.1:3000';

/** Paths served by the API server; the dev server forwards them and the service worker never answers them. */
const SERVER_PREFIXES = [
  '/api',
  '/sanctum',
  '/login',
  '/logout',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/change-password',
  '/email',
];

/**
 * The contract's modules only declare things; telling Rollup so lets it drop the zod schemas a
 * chunk does not use (zod calls at module level otherwise count as side effects).
 */
const contractIsPure: Plugin = {
  name: 'kinfolio-contract-is-pure',
  transform(code, id) {
    if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) {
      return { code, map: null, moduleSideEffects: false };
    }
    return null;
  },
};

export default defineConfig({
  plugins: [
    contractIsPure,
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'color-scheme.js'],
      manifest: {
        name: 'Kinfolio',
        short_name: 'Kinfolio',
        description: 'Family archive',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#003459',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/pwa-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        // /login and /logout are API endpoints (POST) but a reload must never get the SPA shell for them.
        navigateFallbackDenylist: [/^\/api/, /^\/sanctum/, /^\/email/, /^\/login/, /^\/logout/],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
