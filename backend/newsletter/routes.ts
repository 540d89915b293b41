import { Hono, type Context } from 'hono';
import type { ConfirmResult } from '@/contract/api/newsletter';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { NEWSLETTER_CONFIRM_MESSAGES, UNSUBSCRIBE_MESSAGES } from '@/contract/forms/messages';
import { fail } from '../kernel/http';
import type { Signer } from '../kernel/signing';
import { readJsonObject } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { confirm, unsubscribe } from './service';
import { UNSUBSCRIBE_PAGE_PATH } from './unsubscribe';

/**
 * /newsletter/unsubscribe (issue 16). POST with the address and its signed token, in the query
 * string (the RFC 8058 one-click URL, whose body is `List-Unsubscribe=One-Click`) or in a JSON or
 * form body (the site's confirm page): a forged token is a 403, a good one records the unsubscribe.
 * GET sends a person who opened the one-click URL to the confirm page: a GET never unsubscribes.
 * /newsletter/confirm (issue 31, double opt-in): POST only, from the site's confirm page.
 */
export function newsletterRoutes(deps: AppDeps, signer: () => Promise<Signer>) {
  const r = new Hono<AppEnv>({ strict: false });

  r.get('/unsubscribe', (c) => {
    const url = new URL(UNSUBSCRIBE_PAGE_PATH, `${deps.config.siteUrl}/`);
    const query = c.req.query();
    for (const name of ['email', 't'] as const) if (typeof query[name] === 'string') url.searchParams.set(name, query[name]);
    return c.redirect(url.toString(), 303);
  });

  r.post('/unsubscribe', async (c) => {
    const body = await readBody(c);
    if (body === undefined) return fail(c, 400, UNSUBSCRIBE_MESSAGES.refused);
    // Not validJson: the one-click POST comes as a form or with its fields in the query, and every
    // failure here is the page's one refusal (400), not the forms' 422 pattern.
    const parsed = ENDPOINTS.newsletterUnsubscribe.request.safeParse({ ...c.req.query(), ...body });
    if (!parsed.success) return fail(c, 400, UNSUBSCRIBE_MESSAGES.refused);
    const { email } = parsed.data;
    const outcome = await unsubscribe(deps.db, await signer(), email, parsed.data.token ?? parsed.data.t);
    if (outcome === 'forged') return fail(c, 403, UNSUBSCRIBE_MESSAGES.refused);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: UNSUBSCRIBE_MESSAGES.done });
  });

  /**
   * Double opt-in (issue 31): the confirm page's button posts the link's address and token (JSON or
   * a form). A forged or edited token, or one for a sign-up that is gone, is a 403 and changes nothing.
   */
  r.post('/confirm', async (c) => {
    c.header('Cache-Control', 'no-store');
    const body = await readBody(c);
    if (body === undefined) return fail(c, 400, NEWSLETTER_CONFIRM_MESSAGES.refused);
    const parsed = ENDPOINTS.newsletterConfirm.request.safeParse(body);
    if (!parsed.success) return fail(c, 400, NEWSLETTER_CONFIRM_MESSAGES.refused);
    const outcome = await confirm(deps.db, await signer(), parsed.data.email, parsed.data.token ?? parsed.data.t, new Date());
    if (outcome.kind === 'forged') return fail(c, 403, NEWSLETTER_CONFIRM_MESSAGES.refused);
    if (outcome.kind === 'unsubscribed') return fail(c, 409, NEWSLETTER_CONFIRM_MESSAGES.unsubscribed);
    if (outcome.first) deps.onOutboxWrite?.('mail');
    return c.json({ success: true, message: NEWSLETTER_CONFIRM_MESSAGES.done, confirmedAt: outcome.confirmedAt } satisfies ConfirmResult);
  });

  return r;
}

/** The POST body's fields: JSON, or a form (urlencoded or multipart, as RFC 8058 allows); {} when empty. */
async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown> | undefined> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const read = await readJsonObject(c);
    return read.ok ? read.value : undefined;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    try {
      const form = await c.req.parseBody();
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(form)) if (typeof value === 'string') out[key] = value;
      return out;
    } catch {
      return undefined;
    }
  }
  return {};
}
