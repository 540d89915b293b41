import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      'server-only': fileURLToPath(new URL('./test/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    include: ['{contract,lib,backend,components,app,scripts,test}/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
