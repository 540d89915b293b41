import type { FetchLike } from './client';

/**
 * Where the contract's /api/... calls go (issue 3, item 1): with API_BASE_URL set, real HTTP to
 * the festival's backend; unset, the built-in backend answers in the same process, with no HTTP
 * hop, through its web-standard handler. The backend module is imported on first use so a site
 * pointed at an external backend never loads it.
 */
export const IN_PROCESS_ORIGIN = 'http://in-process';

export interface Transport {
  kind: 'http' | 'in-process';
  baseUrl: string;
  fetch: FetchLike;
}

export type InProcessHandler = (request: Request) => Promise<Response>;

async function loadBuiltInBackend(): Promise<InProcessHandler> {
  const { handleInProcess } = await import('./in-process');
  return handleInProcess;
}

export function createTransport(
  apiBaseUrl: string | undefined,
  { inProcess = loadBuiltInBackend, httpFetch = (request: Request) => fetch(request) }: {
    inProcess?: () => Promise<InProcessHandler>;
    httpFetch?: FetchLike;
  } = {},
): Transport {
  if (apiBaseUrl) return { kind: 'http', baseUrl: apiBaseUrl, fetch: httpFetch };
  let handler: Promise<InProcessHandler> | undefined;
  return {
    kind: 'in-process',
    baseUrl: IN_PROCESS_ORIGIN,
    fetch: async (request) => {
      handler ??= inProcess();
      return (await handler)(request);
    },
  };
}
