// `npm start`: build the production site when the build is missing, older than the sources, or made
// with another configuration (scripts/build-state.mjs), then serve it with `next start`. One command
// for a fresh machine and for a restart after `git pull`. PORT (default 3000) and HOST are honoured.
import { spawn, spawnSync } from 'node:child_process';
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
const args = ['start', '-p', process.env.PORT || '3000'];
if (process.env.HOST) args.push('-H', process.env.HOST);
const child = spawn(bin, args, { stdio: 'inherit', cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
