// `npm start`: build the production site when the build is missing or older than the sources,
// then serve it. One command for a fresh machine and for a restart after `git pull`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = new URL('..', import.meta.url).pathname;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = join(root, distDir, 'BUILD_ID');
const sources = ['app', 'components', 'lib', 'backend', 'content-fallbacks', 'public', 'proxy.ts', 'next.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const stale = sources.some((s) => newestMtime(join(root, s)) > built);
const bin = join(root, 'node_modules', '.bin', 'next');
if (stale) {
  console.log('Building the site (sources changed since the last build)...');
  const r = spawnSync(bin, ['build'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = process.env.PORT || '3000';
// Without HOST, Next listens on every interface. With -H, Next 16 treats the proxy's rewrites
// (missing pages -> their 404, lib/not-found/missing.ts) as external and makes them over HTTP to
// itself: they still work, at the cost of a second request.
const hostArgs = process.env.HOST ? ['-H', process.env.HOST] : [];
const child = spawn(bin, ['start', '-p', port, ...hostArgs], { stdio: 'inherit', cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
