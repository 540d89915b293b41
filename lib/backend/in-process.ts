import { after } from 'next/server';
import { isHealthPath, UNREACHABLE_HEALTH } from '@/contract/api/health';
import { backendConfigFromEnv, startBackend, type Backend } from '@/backend';
import { logger } from './log';

/**
 * The built-in backend inside the site's process (API_BASE_URL unset): one app and one database
 * connection per process, created on first use. Kept on globalThis so Next's dev reloads and
 * separately bundled route chunks share it instead of opening the SQLite file again.
 *
 * Mail queued by a request is delivered after the response, with Next's after(): it works the same
 * on one Node server and on Vercel, where nothing may run once the response is sent except what
 * after() registered. Retries come from the cron route (/api/cron/outbox) and, on a long-lived
 * server, from the loop instrumentation.ts starts.
 */
const KEY = Symbol.for('itan.backend.in-process');
type Holder = { [KEY]?: Promise<Backend> };

function drainAfterResponse(): void {
  const run = async () => {
    try {
      await (await getInProcessBackend()).drainMail();
    } catch (error) {
      logger('outbox').error(`mail drain failed: ${(error as Error).message}`);
    }
  };
  try {
    after(run);
  } catch {
    // Outside a request (a script): deliver now.
    void run();
  }
}

export function getInProcessBackend(): Promise<Backend> {
  const holder = globalThis as Holder;
  let backend = holder[KEY];
  if (!backend) {
    backend = startBackend(backendConfigFromEnv(), { onOutboxWrite: drainAfterResponse });
    // A failed start (bad DATABASE_URL, unreachable server) is retried on the next request.
    backend.catch(() => {
      if (holder[KEY] === backend) delete holder[KEY];
    });
    holder[KEY] = backend;
  }
  return backend;
}

/**
 * A monitor asking /api/health while the backend cannot start (the database is down since the
 * process began) gets the health answer's 503 within a few seconds, not a hung request or the
 * contract's error body. The start goes on in the background; a later check sees it done.
 */
const HEALTH_START_WAIT_MS = 5_000;

function startedWithin(backend: Promise<Backend>, ms: number): Promise<Backend> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not started within ${ms} ms`)), ms);
  });
  return Promise.race([backend, late]).finally(() => clearTimeout(timer));
}

export async function handleInProcess(request: Request): Promise<Response> {
  let backend: Backend;
  const health = isHealthPath(new URL(request.url).pathname);
  try {
    backend = await (health ? startedWithin(getInProcessBackend(), HEALTH_START_WAIT_MS) : getInProcessBackend());
  } catch (error) {
    logger('backend', { requestId: request.headers.get('x-request-id') ?? undefined }).error(`could not start the built-in backend: ${(error as Error).message}`);
    if (health) return Response.json(UNREACHABLE_HEALTH, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    return Response.json(
      { success: false, message: 'The festival backend is unavailable. Please try again shortly.', errors: {} },
      { status: 503 },
    );
  }
  return backend.app.fetch(request);
}
