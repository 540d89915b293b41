import { createServer } from 'node:http';
import next from 'next';
import { getInProcessBackend } from '../backend/in-process';
import { isApiPath } from '../lib/api/paths';
import { createApiRoute } from './api-route';
import { createPageCache } from './page-cache';

/**
 * The production server (`npm start`): Next's request handler, with a micro-cache for prerendered
 * pages in front and the built-in backend answering /api directly (docs/performance.md).
 * On Vercel none of this runs: the platform's CDN caches the pages and Next serves /api.
 */
async function main() {
  const port = Number(process.env.PORT || 3000);
  // Without HOST, listen on every interface. Next is told "localhost" either way: with another
  // name, Next 16 sends the proxy's rewrites (404s, lib/not-found/missing.ts) over HTTP to itself.
  const host = process.env.HOST || undefined;
  const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const pages = createPageCache();
  const api = process.env.API_BASE_URL ? undefined : createApiRoute();
  // Open the database and run migrations now, not on the first visitor's request (a failure is
  // logged and retried on that request).
  if (api) await getInProcessBackend().catch((error: unknown) => console.error(`[backend] ${error instanceof Error ? error.message : String(error)}`));

  const server = createServer((req, res) => {
    if (api && isApiPath(req.url)) {
      void api(req, res);
      return;
    }
    if (pages.serveOrCapture(req, res)) return;
    void handle(req, res);
  });
  server.listen(port, host, () => {
    console.log(`Festival site on http://${host ?? 'localhost'}:${port}`);
  });
  const shutdown = () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`The site failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
