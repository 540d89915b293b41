import { defineConfig, devices } from '@playwright/test';
import { TEST_EDITION_ENV } from './test/support/edition-env';

/**
 * End-to-end tests run against production builds (scripts/test.sh makes them first). Two servers:
 * the normal site with the built-in backend on a fresh SQLite file, and one built and run with
 * API_BASE_URL pointing at a closed port (everything must still work). Each server has its own
 * build (scripts/test.sh), made with the configuration it is served with.
 * Projects cover a phone and a desktop viewport, each with JavaScript on and off. Tests tagged
 * @js need JavaScript and run only in the JS projects; @nojs ones only in the no-JS projects.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
const port = basePort;
const downPort = basePort + 1;
const runId = process.env.E2E_RUN_ID ?? String(process.pid);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/festival-e2e-${runId}`;
// Workers re-read this file with another pid: pin the directory so specs can open the servers' databases.
process.env.E2E_DATA_DIR = dataDir;
// A port nothing listens on (and not on fetch's blocked-port list, so the connection is really
// attempted and refused): the "API unreachable" server points here.
const closedApi = 'http://127.0.0.1:2';

export const e2ePorts = { port, downPort };

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

const phone = { ...devices['Pixel 7'], defaultBrowserType: 'chromium' as const };
const desktop = { viewport: { width: 1280, height: 800 } };

// Specs run by a project or a configuration of their own, never by the phone projects:
// api-down/ (below) and instances/ (e2e/instances/playwright.config.ts, run by scripts/test.sh).
const otherProjectsSpecs = [/api-down\//, /instances\//];
const desktopSpecs = [/e2e\/quality\/.*\.spec\.ts$/, /e2e\/layout\.spec\.ts$/, /e2e\/home\.spec\.ts$/];

const serverEnv = (extra: Record<string, string>) => ({
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  // Every test visitor is 127.0.0.1: one shared bucket. The rate limit has its own backend tests.
  RATE_LIMIT_MAX: '0',
  SITE_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  // A fixed festival year (registration open for 24–25 October 2025); e2e/festival-year/ starts servers in each phase.
  ...TEST_EDITION_ENV,
  ...extra,
});

export default defineConfig({
  testDir: './e2e',
  // Vitest owns *.test.ts (e2e/support has unit tests of test support).
  testMatch: '**/*.spec.ts',
  // 60 s a test and 15 s an assertion, not 30 and 7: on a loaded two-core CI machine (load 15, three
  // browsers and the servers) a page's load event or a client navigation took longer. Both are
  // ceilings: a passing run is no slower, and speed is measured by `npm run bench`, not here.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  // Every spec runs on the phone, JavaScript on and off: that is the visitors' device. The desktop
  // runs what depends on the viewport (the quality checks on every route, the header and menu, the
  // home page's layout); the rest is the same code at another width.
  projects: [
    { name: 'phone-js', testIgnore: otherProjectsSpecs, grepInvert: /@nojs/, use: { ...phone, javaScriptEnabled: true } },
    { name: 'phone-nojs', testIgnore: otherProjectsSpecs, grepInvert: /@js\b/, use: { ...phone, javaScriptEnabled: false } },
    // home-bytes sets its own phone viewport: the desktop project would only repeat it.
    { name: 'desktop-js', testMatch: desktopSpecs, testIgnore: /home-bytes\.spec\.ts$/, grepInvert: /@nojs/, use: { ...desktop, javaScriptEnabled: true } },
    { name: 'desktop-nojs', testMatch: desktopSpecs, grepInvert: /@js\b/, use: { ...desktop, javaScriptEnabled: false } },
    {
      name: 'api-down',
      testMatch: /api-down\/.*\.spec\.ts/,
      use: { ...desktop, baseURL: `http://127.0.0.1:${downPort}` },
    },
  ],
  webServer: [
    {
      // The production server: `next start`, what `npm start` runs after building.
      command: `npx next start -p ${port} -H 127.0.0.1`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv({ PORT: String(port) }),
    },
    {
      // Its own build (scripts/test.sh), made with the API unreachable: prerendered pages show the fallbacks.
      command: `npx next start -p ${downPort} -H 127.0.0.1`,
      url: `http://127.0.0.1:${downPort}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv({
        PORT: String(downPort),
        API_BASE_URL: closedApi,
        DATA_DIR: `${dataDir}-down`,
        SITE_URL: `http://127.0.0.1:${downPort}`,
        NEXT_DIST_DIR: `${process.env.NEXT_DIST_DIR || '.next'}-api-down`,
      }),
    },
  ],
});
