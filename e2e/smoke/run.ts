/**
 * Route smoke test per serving mode (issue "documented ground"): `npx tsx e2e/smoke/run.ts <mode>`
 *   dev         `next dev` (its own build folder), routes + a browser pass for CSP violations
 *   start       `next start` on an existing production build (NEXT_DIST_DIR, default .next), then
 *               2,200 malformed requests and about 1,000 aimed ones (issue 42: server-action
 *               arguments, inherited names in queries, methods on files; e2e/smoke/fuzz.ts):
 *               none may answer 5xx
 *   standalone  the standalone output copied to an empty folder (scripts/smoke/standalone.mjs)
 * Exits non-zero with one line per problem. Each server gets a fresh DATA_DIR.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { recordCspViolations } from '../support/csp-violations';
import { pathsFromSitemap, EXTRA_PAGES } from '../support/routes';
import { actionRequests, discoverTargets, fuzzPages, fuzzRequests, fuzzServer, inheritedNameRequests, methodRequests } from './fuzz';
import { smokeRoutes } from './routes';

const mode = process.argv[2];
const port = Number(process.env.SMOKE_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), `festival-smoke-${mode}-`));

async function waitForServer(url: string, child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function startNext(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(join(root, 'node_modules', '.bin', 'next'), args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', SITE_URL: base, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return child;
}

const stopChild = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};

/** Every page in a real browser: 0 CSP violations (dev adds only 'unsafe-eval', as Next's guide says). */
async function browserCspPass(): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const violations = await recordCspViolations(page);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const routes = [...new Set([...pathsFromSitemap(sitemap), ...EXTRA_PAGES, '/no-such-page'])];
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(`${base}${route}`, { waitUntil: 'load', timeout: 120_000 });
      found.push(...(await violations()).map((v) => `${route}: CSP violation: ${v}`));
    }
    return found;
  } finally {
    await browser.close();
  }
}

/** A staff account in this run's fresh database (the CLI, as an operator makes one), so the staff pages' queries are fuzzed signed in. */
const SMOKE_STAFF = { email: 'smoke-staff@itan.example', password: 'smoke-staff-password-long' };
function createSmokeStaff(): typeof SMOKE_STAFF | undefined {
  const made = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['backend/cli/staff-create.ts', '--email', SMOKE_STAFF.email, '--name', 'Smoke Staff'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, STAFF_PASSWORD: SMOKE_STAFF.password },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (made.status === 0) return SMOKE_STAFF;
  console.log(`malformed requests: no staff account (${(made.stderr || made.stdout || '').trim().split('\n').at(-1)}); staff pages are fuzzed signed out`);
  return undefined;
}

/**
 * Issue 32: FUZZ_COUNT malformed requests over every page and /api path; issue 42: the aimed ones
 * (server-action arguments with the site's own action ids, inherited names in every query, methods
 * on files), then the site still answers.
 */
const FUZZ_COUNT = 2_200;
async function malformedRequestPass(): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const pages = fuzzPages(pathsFromSitemap(sitemap));
  const targets = await discoverTargets(base, createSmokeStaff());
  console.log(
    `malformed requests: ${targets.actionIds.length} action ids, build file ${targets.staticFile ?? 'none'}, ticket ${targets.ticketPath ? 'yes' : 'none'}, staff session ${targets.staffCookie ? 'yes' : 'none'}`,
  );
  const requests = [...fuzzRequests(pages, FUZZ_COUNT), ...actionRequests(targets.actionIds, base), ...inheritedNameRequests(pages, targets), ...methodRequests(targets)];
  const started = Date.now();
  const fuzz = await fuzzServer(base, requests);
  const counts = Object.entries(fuzz.byStatus).map(([status, n]) => `${status}: ${n}`).join(', ');
  console.log(`malformed requests: ${fuzz.sent} sent in ${Math.round((Date.now() - started) / 1000)} s; answers ${counts}`);
  if (fuzz.frontOnly.length > 0) {
    console.log(`malformed requests: ${fuzz.frontOnly.length} TRACE answered 5xx by Next itself (no app code can answer TRACE; nginx answers it 405: deploy/nginx/)`);
  }
  const problems = fuzz.failures.map((f) => `malformed request answered ${f}`);
  if (targets.actionIds.length === 0) problems.push('malformed requests: no server action ids found in the pages’ forms (the action requests were not sent)');
  const after = await fetch(`${base}/`, { signal: AbortSignal.timeout(60_000) });
  if (after.status !== 200) problems.push(`after the malformed requests, / answers ${after.status}`);
  return problems;
}

async function main(): Promise<number> {
  let stop: () => Promise<void> | void = () => {};
  let extraChecks: () => Promise<string[]> = async () => [];
  let problems: string[] = [];
  const started = Date.now();
  try {
    if (mode === 'dev') {
      const child = startNext(['dev', '-p', String(port), '-H', '127.0.0.1'], { NEXT_DIST_DIR: '.next-smoke-dev' });
      stop = () => stopChild(child);
      await waitForServer(`${base}/`, child, 180_000);
    } else if (mode === 'start') {
      const child = startNext(['start', '-p', String(port), '-H', '127.0.0.1'], {});
      stop = () => stopChild(child);
      await waitForServer(`${base}/`, child, 60_000);
    } else if (mode === 'standalone') {
      const { startStandalone, selfCheck } = await import('../../scripts/smoke/standalone.mjs');
      const server = await startStandalone({ port, dataDir, siteUrl: base });
      stop = server.stop;
      // The run-time files (OG fonts, SQLite binding) in the copy, and no silent font fallback.
      extraChecks = () => selfCheck(server);
      await waitForServer(`${base}/`, undefined, 60_000);
    } else {
      console.error('usage: tsx e2e/smoke/run.ts dev|start|standalone');
      return 2;
    }
    const result = await smokeRoutes(base);
    problems = [...result.problems, ...(await extraChecks())];
    if (mode === 'start') problems.push(...(await malformedRequestPass()));
    if (mode === 'dev') problems.push(...(await browserCspPass()));
    console.log(`smoke ${mode}: ${result.checked} routes checked in ${Math.round((Date.now() - started) / 1000)} s, ${problems.length} problem(s)`);
  } catch (error) {
    problems.push(`smoke ${mode}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const p of problems) console.error(`  ${p}`);
  return problems.length === 0 ? 0 : 1;
}

process.exit(await main());
