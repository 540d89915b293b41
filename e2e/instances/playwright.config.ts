import { defineConfig } from '@playwright/test';

/**
 * The several-instances check on its own (`npx playwright test --config e2e/instances/playwright.config.ts`,
 * run by scripts/test.sh after the production build): the spec starts two `next start` instances
 * and nginx itself, on ports the OS hands out, so it never runs beside the main run's workers and
 * needs none of the main configuration's servers. HTTP only, no browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // One cluster for the whole file (its checks run in order), a 200-client rush, the rate limit's
  // window and the micro-cache's 5 s: the script it replaced gave itself 110 s.
  timeout: 110_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/instances',
});
