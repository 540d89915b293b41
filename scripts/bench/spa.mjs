// The seed's architecture as a baseline (issue 15): the home page as a client-rendered React SPA
// (scripts/bench/spa/, built with Vite), served beside the site with the same content, CSS, fonts
// and images. Its server is a small static server that gzips like Next does and passes /api,
// /images and /fonts through to the site, so the SPA fetches from our /api on its own origin.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** Builds the SPA into outDir with Vite (production, minified). */
export async function buildSpa(sourceDir, outDir) {
  const { build } = await import('vite');
  await build({
    root: sourceDir,
    logLevel: 'error',
    configFile: false,
    build: { outDir, emptyOutDir: true },
    oxc: { jsx: { runtime: 'automatic' } },
    // globals.css is the site's own; its url()s point at the site's public files, served through.
    css: { modules: { localsConvention: 'camelCaseOnly' } },
  });
}

/** Serves outDir on 127.0.0.1:port; /api, /images, /fonts go to `site`. Resolves to { url, close }. */
export function serveSpa(outDir, port, site) {
  const upstream = new URL(site);
  const cache = new Map();
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (/^\/(api|images|fonts|_next\/image)(\/|$)/.test(path)) {
      const proxied = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      proxied.on('error', () => { res.writeHead(502); res.end(); });
      req.pipe(proxied);
      return;
    }
    let file = normalize(join(outDir, path));
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(outDir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = path.startsWith('/assets/');
    const headers = { 'content-type': type, 'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (/gzip/.test(String(req.headers['accept-encoding'])) && /text|javascript|svg/.test(type)) {
      if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(file)));
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      res.end(cache.get(file));
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) }));
  });
}
