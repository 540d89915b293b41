import { parseBackendConfig } from './config';
import { startBackend, type Backend } from './start';

/**
 * The built-in backend inside the site's process (API_BASE_URL unset): one app and one database
 * connection per process, created on first use. Kept on globalThis so Next's dev reloads and
 * separately bundled route chunks share it instead of opening the SQLite file again.
 */
const KEY = Symbol.for('itan.backend.in-process');
type Holder = { [KEY]?: Promise<Backend> };

export function getInProcessBackend(): Promise<Backend> {
  const holder = globalThis as Holder;
  let backend = holder[KEY];
  if (!backend) {
    backend = startBackend(parseBackendConfig(process.env));
    // A failed start (bad DATABASE_URL, unreachable server) is retried on the next request.
    backend.catch(() => {
      if (holder[KEY] === backend) delete holder[KEY];
    });
    holder[KEY] = backend;
  }
  return backend;
}

export async function handleApiRequest(request: Request): Promise<Response> {
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
