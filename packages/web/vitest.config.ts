import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The PWA plugin only exists in Vite builds; tests get an inert stand-in.
      'virtual:pwa-register/react': fileURLToPath(
        new URL('./src/shared/test/pwaRegisterStub.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/shared/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // Typing through userEvent in jsdom takes seconds when the 2-core machine runs the server
    // suites beside it; the default 5 s timed a form test out under that load.
    testTimeout: 30_000,
  },
});
