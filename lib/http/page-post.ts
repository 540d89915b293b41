import { logger } from '@/lib/log';
import { checkRequestOrigin } from '@/lib/security/origin';
import { actionReplyProblem, type ActionBody } from './action-reply';
import { CROSS_SITE_FORM, refusalPage, UNREADABLE_FORM } from './refusal-page';

/**
 * A POST to a page is a server action (a form, with or without JavaScript). Next refuses a forged
 * one from another site, an unparseable body and broken arguments by throwing, which answers a bare
 * 500 and logs a stack trace for each: anyone could flood the log. proxy.ts asks here first and
 * answers 403 or 400 with a small page; what passes is a well-formed post from this site, for Next
 * to judge: its action arguments decode (./action-reply.ts). The body is read from a clone (Next
 * buffers it for the proxy: proxyClientMaxBodySize).
 */
export async function pagePostRefusal(request: Request, siteUrl: string | undefined, requestId?: string): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined;
  const back = new URL(request.url).pathname;
  if (!checkRequestOrigin(request, siteUrl).allowed) {
    warn(request, requestId, 403, 'cross-site form post');
    return refusalPage(403, CROSS_SITE_FORM, back);
  }
  const problem = await bodyProblem(request);
  if (problem) {
    warn(request, requestId, 400, `unreadable form post (${problem})`);
    return refusalPage(400, UNREADABLE_FORM, back);
  }
  return undefined;
}

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * Why the body does not read as what it says it is, or undefined: a form, or a server action's
 * arguments that decode. Read as Next's action handler reads a POST: with a Next-Action header, a
 * body typed `multipart/form-data…` (exactly so) is a form, exactly `application/x-www-form-urlencoded`
 * is no action, and anything else is the text of the arguments; without it, only a multipart form
 * can be an action (a form without JavaScript).
 */
async function bodyProblem(request: Request): Promise<string | undefined> {
  const type = request.headers.get('content-type') ?? '';
  const fetchAction = request.headers.has('next-action');
  try {
    let body: ActionBody;
    if (fetchAction && !type.startsWith('multipart/form-data') && type !== 'application/x-www-form-urlencoded') {
      body = { text: await request.clone().text() };
    } else if (FORM_TYPES.test(type)) {
      const form = await request.clone().formData();
      if (!type.startsWith('multipart/form-data')) return undefined;
      body = { form };
    } else {
      return (await request.clone().text()).length === 0 ? undefined : 'a body that is not a form';
    }
    return actionReplyProblem(body, fetchAction);
  } catch {
    return 'a form that does not parse';
  }
}

/** One line, never the body or a stack trace; the request id is the one the refusal page is sent with. */
function warn(request: Request, requestId: string | undefined, status: number, what: string): void {
  const { pathname } = new URL(request.url);
  const vercelId = request.headers.get('x-vercel-id');
  logger('proxy', { requestId, ...(vercelId ? { vercelId } : {}), method: request.method, path: pathname, status }).warn(`${status} ${what}: ${request.method} ${pathname}`);
}
