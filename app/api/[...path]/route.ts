import { handleApiRequest } from '@/backend/in-process';
import { getConfig } from '@/lib/config';
import { forwardToBackend } from './forward';

/**
 * Every /api/* request: handed to the built-in backend in this process when API_BASE_URL is unset,
 * else forwarded to the festival's own backend. No business logic lives here.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const base = getConfig().apiBaseUrl;
  return base ? forwardToBackend(request, base) : handleApiRequest(request);
}

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
