import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { REQUEST_ID_HEADER } from '@/contract/http/request-id';
import { logger, type Logger } from './backend/log';

export { logger, type Logger };

/**
 * A logger whose lines carry the request id of the page view or server action being served
 * (proxy.ts sets it), so a visitor's reference finds them. Not for cached scopes, which have no
 * request; outside a request the lines simply carry none.
 */
export async function requestLogger(area: string): Promise<Logger> {
  let requestId: string | null = null;
  try {
    requestId = (await headers()).get(REQUEST_ID_HEADER);
  } catch (error) {
    unstable_rethrow(error);
  }
  return logger(area, requestId ? { requestId } : {});
}
