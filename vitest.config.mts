import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_EDITION_ENV } from './test/support/edition-env';

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
    // The site's configuration (lib/config.ts) reads the environment: the fixed festival year every test starts from.
    env: { ...TEST_EDITION_ENV },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
