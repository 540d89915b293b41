// `npm start`: build the production site when the build is missing, older than the sources, or made
// with another configuration (scripts/build-state.mjs), then serve it. One command for a fresh
// machine and for a restart after `git pull`.
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { stampBuild, staleReason } from './build-state.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = new URL('..', import.meta.url).pathname;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const bin = join(root, 'node_modules', '.bin', 'next');

const reason = staleReason(root, distDir);
if (reason) {
  console.log(`Building the site (${reason})...`);
  const r = spawnSync(bin, ['build'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
  stampBuild(root, distDir);
}
const port = process.env.PORT || '3000';
// Without HOST, Next listens on every interface. With -H, Next 16 treats the proxy's rewrites
// (missing pages -> their 404, lib/not-found/missing.ts) as external and makes them over HTTP to
// itself: they still work, at the cost of a second request.
const hostArgs = process.env.HOST ? ['-H', process.env.HOST] : [];
const child = spawn(bin, ['start', '-p', port, ...hostArgs], { stdio: 'inherit', cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
