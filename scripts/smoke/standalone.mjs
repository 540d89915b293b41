// The standalone output (`NEXT_OUTPUT=standalone next build`) copied to an empty temporary folder,
// as Next's self-hosting guide deploys it: `<distDir>/standalone` plus `public/` and
// `<distDir>/static` beside it. Only files Next traced exist there, so a file our code opens at run
// time but tracing missed fails here, not in production. Used by e2e/smoke/run.ts.
//
// Run directly (`node scripts/smoke/standalone.mjs [--no-build]`) it builds, starts the copy and
// makes a minimal self-check: pages with their titles, a 404, a report's share image drawn with
// our fonts, a stored newsletter sign-up (the SQLite binding).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NATIVE_PACKAGES, OG_FONT_FILES } from '../vercel/runtime-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const STANDALONE_DIST_DIR = '.next-standalone';

/** Symlinks in the copy that lead out of it (a copy that still leans on the build folder). */
function linksLeaving(dir) {
  const leaving = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isSymbolicLink()) {
        const target = readlinkSync(full);
        const resolved = isAbsolute(target) ? target : resolve(dirname(full), target);
        if (relative(dir, resolved).startsWith('..') || isAbsolute(relative(dir, resolved))) leaving.push(`${relative(dir, full)} -> ${target}`);
      } else if (entry.isDirectory()) {
        walk(full);
      }
    }
  };
  walk(dir);
  return leaving;
}

async function waitForServer(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the standalone server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/**
 * Builds (unless build: false), copies the output to an empty folder, starts `node server.js` there
 * and resolves once it answers. stop() ends the server and removes the folder; output() is what
 * the server has printed so far.
 */
export async function startStandalone({ port, dataDir, siteUrl = `http://127.0.0.1:${port}`, build = true }) {
  const dist = join(root, STANDALONE_DIST_DIR);
  if (build) {
    const result = spawnSync(join(root, 'node_modules', '.bin', 'next'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_OUTPUT: 'standalone', NEXT_DIST_DIR: STANDALONE_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir },
    });
    if (result.status !== 0) throw new Error(`the standalone build failed (${result.status})`);
  }
  if (!existsSync(join(dist, 'standalone', 'server.js'))) throw new Error(`no ${STANDALONE_DIST_DIR}/standalone/server.js: build first`);
  const dir = mkdtempSync(join(tmpdir(), 'festival-standalone-'));
  // verbatimSymlinks: Turbopack's externals (<distDir>/node_modules/better-sqlite3-<hash>) are
  // relative links into the output's own node_modules; without it Node rewrites them to absolute
  // paths back into the build folder, and the copy is no longer on its own.
  cpSync(join(dist, 'standalone'), dir, { recursive: true, verbatimSymlinks: true });
  cpSync(join(root, 'public'), join(dir, 'public'), { recursive: true });
  cpSync(join(dist, 'static'), join(dir, STANDALONE_DIST_DIR, 'static'), { recursive: true });
  const leaving = linksLeaving(dir);
  if (leaving.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the copied output links outside its folder: ${leaving.join(', ')}`);
  }
  const lines = [];
  const child = spawn(process.execPath, ['server.js'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1', SITE_URL: siteUrl, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk) => {
    lines.push(String(chunk));
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    lines.push(String(chunk));
    process.stderr.write(chunk);
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${url}/`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir, stop, output: () => lines.join('') };
}

/** The minimal self-check; returns the problems found. */
export async function selfCheck({ url, dir, output }) {
  const problems = [];
  const get = async (path, init = {}) => {
    const response = await fetch(new URL(path, url), { redirect: 'manual', signal: AbortSignal.timeout(60_000), ...init });
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('text/') || type.includes('json') || type.includes('xml') ? await response.text() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, type, body };
  };
  const titleOf = (html) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  for (const [path, expect] of [['/', /Ìtàn/], ['/about', /^About/]]) {
    const page = await get(path);
    const title = typeof page.body === 'string' ? titleOf(page.body) : undefined;
    if (page.status !== 200 || !title || !expect.test(title)) problems.push(`${path}: ${page.status}, title ${JSON.stringify(title)}`);
  }
  const missing = await get('/highlights/no-such-report');
  if (missing.status !== 404) problems.push(`/highlights/no-such-report: ${missing.status}, expected 404`);

  // The share image: 200 image/png alone proves little (og-fonts.ts falls back to next/og's own
  // font when ours are missing), so the font files must be in the copy and the server must not
  // have said it fell back.
  const sitemap = await get('/sitemap.xml');
  const report = typeof sitemap.body === 'string' ? /<loc>[^<]*?(\/highlights\/[^<\s/]+)<\/loc>/.exec(sitemap.body)?.[1] : undefined;
  if (!report) problems.push('no report in /sitemap.xml');
  else {
    const og = await get(`${report}/opengraph-image`);
    if (og.status !== 200 || og.type !== 'image/png') problems.push(`${report}/opengraph-image: ${og.status} ${og.type}`);
  }
  for (const file of [...OG_FONT_FILES, ...Object.values(NATIVE_PACKAGES).flat()]) {
    if (!existsSync(join(dir, file))) problems.push(`not traced into the standalone output: ${file}`);
  }
  if (/\[og\] fonts unavailable/.test(output())) problems.push('the share image fell back to the default font: [og] fonts unavailable');

  const post = await get('/api/forms/newsletter/', {
    method: 'POST',
    redirect: 'follow',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'x@example.com' }),
  });
  if (post.status < 200 || post.status > 299) problems.push(`POST /api/forms/newsletter/: ${post.status} ${String(post.body).slice(0, 200)}`);
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.env.SMOKE_PORT ?? 3771);
  const dataDir = mkdtempSync(join(tmpdir(), 'festival-standalone-data-'));
  const started = Date.now();
  let server;
  let problems = [];
  try {
    server = await startStandalone({ port, dataDir, build: !process.argv.includes('--no-build') });
    problems = await selfCheck(server);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const p of problems) console.error(`standalone: FAIL ${p}`);
  console.log(`standalone: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(problems.length === 0 ? 0 : 1);
}
