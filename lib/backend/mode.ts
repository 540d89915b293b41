import { getConfig } from '@/lib/config';
import { createApiClient, type ApiClient, type ApiClientOptions, type FetchLike } from './client';
import { createTransport } from './transport';

/**
 * The one place that decides where the contract's /api calls go: the festival's own backend
 * (API_BASE_URL) or the built-in backend in this process. Everything else in lib/backend asks
 * here; nothing outside lib/backend asks at all.
 */
export function externalBackendUrl(): string | undefined {
  return getConfig().apiBaseUrl;
}

export const usesBuiltInBackend = (): boolean => externalBackendUrl() === undefined;

/**
 * The one way an API client is built: the configured transport (HTTP with `httpFetch`, or the
 * in-process backend), the site's logger, and whatever visitor accessors the caller adds.
 */
export function buildApiClient(
  options: Omit<ApiClientOptions, 'baseUrl' | 'fetch' | 'log'> & { httpFetch?: FetchLike } = {},
): ApiClient {
  const { httpFetch, ...rest } = options;
  const transport = createTransport(externalBackendUrl(), httpFetch ? { httpFetch } : {});
  return createApiClient({ ...rest, baseUrl: transport.baseUrl, fetch: transport.fetch });
}
