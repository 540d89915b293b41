#!/usr/bin/env node
/**
 * Builds the site as Vercel would (`vercel build`, offline, no account) and checks what each
 * function carries: every file our code opens at run time must be in the function that runs it,
 * and the proxy must carry no build manifest or prerendered page. The rules and the list live in
 * scripts/vercel/runtime-files.mjs (shared with its unit test).
 *
 * It reads only Vercel's Build Output API v3 files: .vercel/output/functions/<route>.func/ and
 * their .vc-config.json, whose filePathMap lists the files a function takes from the project
 * (files inside the .func folder count too). It writes a throwaway .vercel/project.json (a
 * developer's own linked project.json is put back afterwards).
 *
 *   node scripts/vercel-check.mjs            build, then check
 *   node scripts/vercel-check.mjs --no-build check the existing .vercel/output
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findProblems, routeOfFunctionPath } from './vercel/runtime-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_DIR = '.next-vercel';
const PROJECT_ID = 'prj_festival_ci_check';
const projectFile = path.join(root, '.vercel', 'project.json');
const functionsDir = path.join(root, '.vercel', 'output', 'functions');

function writeThrowawayProject() {
  let previous;
  if (fs.existsSync(projectFile)) {
    const text = fs.readFileSync(projectFile, 'utf8');
    if (!text.includes(PROJECT_ID)) previous = text;
  }
  fs.mkdirSync(path.dirname(projectFile), { recursive: true });
  const settings = {
    framework: 'nextjs',
    // node_modules is installed already; an install would need the network.
    installCommand: '',
    // Our own build folder, so this build does not replace the .next that `npm start` serves.
    outputDirectory: DIST_DIR,
  };
  fs.writeFileSync(projectFile, `${JSON.stringify({ projectId: PROJECT_ID, orgId: 'team_festival_ci_check', settings })}\n`);
  return () => {
    if (previous !== undefined) fs.writeFileSync(projectFile, previous);
    else fs.rmSync(projectFile, { force: true });
  };
}

/** A network namespace with no network, when this machine lets us make one: proof the build needs none. */
function offlinePrefix() {
  if (process.platform !== 'linux') return [];
  const probe = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? ['unshare', '-n'] : [];
}

async function vercelBuild() {
  const restore = writeThrowawayProject();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vercel-check-'));
  const env = { ...process.env };
  // The check describes a deployment with nothing configured; the developer's settings stay out.
  for (const key of ['API_BASE_URL', 'DATABASE_URL', 'SITE_URL', 'VERCEL_TOKEN', 'VERCEL_ORG_ID', 'VERCEL_PROJECT_ID']) delete env[key];
  Object.assign(env, {
    VERCEL_TELEMETRY_DISABLED: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    NO_UPDATE_NOTIFIER: '1',
    NEXT_DIST_DIR: DIST_DIR,
    DATA_DIR: path.join(scratch, 'data'),
  });
  const vercel = path.join(root, 'node_modules', '.bin', 'vercel');
  // --global-config: the CLI's own settings and telemetry ids go to a scratch folder, not ~.
  const args = [vercel, 'build', '--yes', '--global-config', path.join(scratch, 'global')];
  const prefix = offlinePrefix();
  const [command, ...rest] = [...prefix, ...args];
  console.log(`vercel build${prefix.length ? ' (no network: unshare -n)' : ''} ...`);
  const started = Date.now();
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(command, rest, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('error', reject);
      child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    });
    if (code !== 0) throw new Error(`vercel build exited with ${code}`);
  } finally {
    restore();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return (Date.now() - started) / 1000;
}

/** Every function folder (real folders once; symlinked routes added to the folder they point at). */
function readFunctions() {
  const byTarget = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(functionsDir, full).split(path.sep).join('/');
      if (entry.name.endsWith('.func')) {
        const target = fs.realpathSync(full);
        let fn = byTarget.get(target);
        if (!fn) {
          const relTarget = path.relative(functionsDir, target).split(path.sep).join('/').replace(/\.func$/, '');
          const config = JSON.parse(fs.readFileSync(path.join(target, '.vc-config.json'), 'utf8'));
          fn = { name: relTarget, routes: [], files: filesOf(target, config), runtime: config.runtime };
          byTarget.set(target, fn);
        }
        const route = routeOfFunctionPath(rel);
        if (route && !fn.routes.includes(route)) fn.routes.push(route);
      } else if (entry.isDirectory()) {
        walk(full);
      }
    }
  };
  walk(functionsDir);
  return [...byTarget.values()];
}

function filesOf(funcDir, config) {
  const files = new Set(Object.keys(config.filePathMap ?? {}));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.add(path.relative(funcDir, full).split(path.sep).join('/'));
    }
  };
  walk(funcDir);
  return files;
}

const noBuild = process.argv.includes('--no-build');
const seconds = noBuild ? undefined : await vercelBuild();
if (!fs.existsSync(functionsDir)) {
  console.error(`vercel-check: no ${path.relative(root, functionsDir)}; run without --no-build`);
  process.exit(1);
}
const functions = readFunctions();
const problems = findProblems(functions);
const routes = functions.reduce((n, f) => n + f.routes.length, 0);
const files = functions.reduce((n, f) => n + f.files.size, 0);
for (const fn of functions.sort((a, b) => a.name.localeCompare(b.name))) {
  console.log(`  ${fn.name}: ${fn.routes.length} routes, ${fn.files.size} files`);
}
console.log(
  `vercel-check: ${functions.length} functions serving ${routes} routes, ${files} files` +
    (seconds === undefined ? '' : `, vercel build ${seconds.toFixed(1)} s`),
);
// The native binding here is built for this machine's Node; Vercel installs and builds its own
// for the functions' runtime on its build machine, so a different major here is only a note.
const runtimes = [...new Set(functions.map((f) => f.runtime).filter(Boolean))];
console.log(`vercel-check: function runtime ${runtimes.join(', ') || 'unstated'}; this machine runs Node ${process.versions.node}`);
if (problems.length > 0) {
  for (const p of problems) console.error(`vercel-check: FAIL ${p.message}`);
  process.exit(1);
}
console.log('vercel-check: every function carries the files our code opens; the proxy reads no build output');
