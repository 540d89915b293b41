// nginx on 127.0.0.1 in front of a local app, with the shipped proxy rules
// (deploy/nginx/festival-locations.conf) included unchanged. Used by e2e/nginx.spec.ts,
// scripts/support/cluster.ts (several instances: e2e/instances/, the benchmark's instance rows) and
// `npm run bench`. Everything nginx writes (pid, logs, temp files, cache) stays in one temp folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCATIONS_FILE = fileURLToPath(new URL('../deploy/nginx/festival-locations.conf', import.meta.url));
const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary (NGINX_BIN, else the usual places), or undefined when none is installed. */
export function findNginx() {
  const fromEnv = process.env.NGINX_BIN;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

export const NGINX_MISSING = 'nginx is not installed (looked for NGINX_BIN, then ' + CANDIDATES.join(', ') + '); on Debian: apt-get install nginx';

/** The app servers behind nginx: `upstreamPorts` (several instances) or `upstreamPort` (one). */
function portsOf({ upstreamPort, upstreamPorts }) {
  const ports = upstreamPorts ?? (upstreamPort === undefined ? [] : [upstreamPort]);
  if (ports.length === 0) throw new Error('nginx needs at least one upstream port (upstreamPort or upstreamPorts)');
  return ports;
}

/**
 * The top-level nginx.conf: what festival.conf puts at http level, with paths under `dir`. With
 * several upstream ports, nginx spreads requests over them (round robin, its default), as
 * festival.conf's upstream block does with one `server` line per instance.
 */
export function nginxConf({ dir, port, upstreamPort, upstreamPorts, workers = 1, accessLog = false }) {
  const servers = portsOf({ upstreamPort, upstreamPorts }).map((p) => `server 127.0.0.1:${p};`).join('\n        ');
  // As root, nginx's workers would switch to `nobody`, who cannot write to this private folder;
  // they stay root instead (loopback only, for a test or a bench).
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    # Which instance answered ($upstream_addr), for tests that spread requests over several.
    log_format festival_upstream '$remote_addr "$request" $status $upstream_addr';
    ${accessLog ? `access_log ${dir}/access.log festival_upstream;` : 'access_log off;'}
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    proxy_cache_path ${dir}/cache levels=1:2 keys_zone=festival_cache:10m max_size=256m inactive=1d use_temp_path=off;
    upstream festival_app {
        ${servers}
        keepalive 16;
        keepalive_timeout 4s;
    }
    server {
        listen 127.0.0.1:${port};
        server_name _;
        include ${LOCATIONS_FILE};
    }
}
`;
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

const tail = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-20).join('\n') : '(no error log)');

/**
 * Starts nginx on 127.0.0.1:`port` in front of 127.0.0.1:`upstreamPort` (or each of
 * `upstreamPorts`). Throws (never skips) when nginx is missing, the configuration is refused, or
 * the port does not open within 10 s.
 * @param {{ port: number, upstreamPort?: number, upstreamPorts?: number[], workers?: number|'auto', accessLog?: boolean }} options
 */
export async function startNginx({ port, upstreamPort, upstreamPorts, workers = 1, accessLog = false }) {
  portsOf({ upstreamPort, upstreamPorts });
  const bin = findNginx();
  if (!bin) throw new Error(NGINX_MISSING);
  if (await canConnect(port)) throw new Error(`port ${port} is already in use; nginx cannot listen there`);
  const dir = mkdtempSync(join(tmpdir(), 'festival-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(dir, sub));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConf({ dir, port, upstreamPort, upstreamPorts, workers, accessLog }));
  const errorLog = join(dir, 'error.log');
  const args = ['-p', dir, '-c', conf, '-e', errorLog];
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  let exited = false;
  child.on('exit', () => { exited = true; });

  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM'); // nginx's fast shutdown: master and workers exit
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await canConnect(port)) {
      return { url: `http://127.0.0.1:${port}`, dir, errorLog, accessLog: join(dir, 'access.log'), readErrorLog: () => tail(errorLog), stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const why = `${stderr.trim()}\n${tail(errorLog)}`.trim();
  await stop();
  throw new Error(`nginx (${bin}) did not start on 127.0.0.1:${port}: ${why || 'no output'}`);
}
