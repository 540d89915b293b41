import { logger } from '@/lib/log';
import { checkRequestOrigin } from '@/lib/security/origin';
import { CROSS_SITE_FORM, refusalPage, UNREADABLE_FORM } from './refusal-page';

/**
 * A POST to a page is a server action (a form, with or without JavaScript). Next refuses a forged
 * one from another site, an unparseable body and broken arguments by throwing, which answers a bare
 * 500 and logs a stack trace for each: anyone could flood the log. proxy.ts asks here first and
 * answers 403 or 400 with a small page; what passes is a well-formed post from this site, for Next
 * to judge. The body is read from a clone (Next buffers it for the proxy: proxyClientMaxBodySize).
 */
export async function pagePostRefusal(request: Request, siteUrl: string | undefined, requestId?: string): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined;
  const back = new URL(request.url).pathname;
  if (!checkRequestOrigin(request, siteUrl).allowed) {
    warn(request, requestId, 403, 'cross-site form post');
    return refusalPage(403, CROSS_SITE_FORM, back);
  }
  if (!(await bodyReads(request))) {
    warn(request, requestId, 400, 'unreadable form post');
    return refusalPage(400, UNREADABLE_FORM, back);
  }
  return undefined;
}

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** Whether the body parses as what it says it is: a form, or (a JavaScript action call) JSON. */
async function bodyReads(request: Request): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (FORM_TYPES.test(type)) {
      await request.clone().formData();
      return true;
    }
    const text = await request.clone().text();
    if (!request.headers.has('next-action')) return text.length === 0;
    // A JavaScript call of an action with plain arguments sends them as a JSON array.
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/** One line, never the body or a stack trace; the request id is the one the refusal page is sent with. */
function warn(request: Request, requestId: string | undefined, status: number, what: string): void {
  const { pathname } = new URL(request.url);
  const vercelId = request.headers.get('x-vercel-id');
  logger('proxy', { requestId, ...(vercelId ? { vercelId } : {}), method: request.method, path: pathname, status }).warn(`${status} ${what}: ${request.method} ${pathname}`);
}
