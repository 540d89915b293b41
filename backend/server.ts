import type { AddressInfo } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { backendConfigFromEnv } from './kernel/config';
import { createBackendServer } from './http-server';
import { processLogger } from './kernel/log';
import { startBackend } from './start';

/** `npm run backend`: the built-in backend on its own port (BACKEND_PORT, default 4000). */
async function main() {
  const config = backendConfigFromEnv();
  const backend = await startBackend(config, {
    socketAddress: (c) => {
      try {
        return getConnInfo(c).remote.address;
      } catch {
        return undefined;
      }
    },
  });
  // One long-lived process: it delivers mail as it is queued and wakes for retries.
  backend.startMailLoop();
  const server = createBackendServer(backend.app, { bodyLimitBytes: config.bodyLimitBytes });
  server.listen(config.port, config.host, () => {
    const info = server.address() as AddressInfo;
    const store = backend.dialect === 'postgres' ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
    processLogger().info({ area: 'backend' }, `Festival backend listening on http://${info.address}:${info.port} (${store})`);
  });

  const shutdown = () => {
    server.close(() => {
      void backend.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  processLogger().fatal({ area: 'backend' }, `Festival backend failed to start: ${(error as Error).message}`);
  process.exit(1);
});
