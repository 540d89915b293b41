import { after } from 'next/server';
import { backendConfigFromEnv } from '@/backend/config';
import { startBackend, type Backend } from '@/backend/start';

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
      console.error(`[outbox] mail drain failed: ${(error as Error).message}`);
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

export async function handleInProcess(request: Request): Promise<Response> {
  let backend: Backend;
  try {
    backend = await getInProcessBackend();
  } catch (error) {
    console.error(`[backend] could not start the built-in backend: ${(error as Error).message}`);
    return Response.json(
      { success: false, message: 'The festival backend is unavailable. Please try again shortly.', errors: {} },
      { status: 503 },
    );
  }
  return backend.app.fetch(request);
}
