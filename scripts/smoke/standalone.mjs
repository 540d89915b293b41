// The standalone output (`NEXT_OUTPUT=standalone next build`) copied to an empty temporary folder,
// as Next's self-hosting guide deploys it: `<distDir>/standalone` plus `public/` and
// `<distDir>/static` beside it. Only files Next traced exist there, so a file our code opens at run
// time but tracing missed fails here, not in production. Used by e2e/smoke/run.ts.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
export const STANDALONE_DIST_DIR = '.next-standalone';

export async function startStandalone({ port, dataDir, siteUrl }) {
  const dist = join(root, STANDALONE_DIST_DIR);
  const build = spawnSync(join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_OUTPUT: 'standalone', NEXT_DIST_DIR: STANDALONE_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir },
  });
  if (build.status !== 0) throw new Error(`the standalone build failed (${build.status})`);
  const dir = mkdtempSync(join(tmpdir(), 'festival-standalone-'));
  cpSync(join(dist, 'standalone'), dir, { recursive: true });
  cpSync(join(root, 'public'), join(dir, 'public'), { recursive: true });
  cpSync(join(dist, 'static'), join(dir, STANDALONE_DIST_DIR, 'static'), { recursive: true });
  if (!existsSync(join(dir, 'server.js'))) throw new Error('no server.js in the standalone output');
  const child = spawn(process.execPath, ['server.js'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1', SITE_URL: siteUrl, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 300));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
