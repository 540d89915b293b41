/**
 * Whether a request path (or URL path with its query) is under /api. Shared by proxy.ts, the
 * production server's /api fast path and its page cache, so all three agree on what is the API.
 */
export const isApiPath = (url: string | undefined): boolean =>
  url === '/api' || url?.startsWith('/api/') === true || url?.startsWith('/api?') === true;
