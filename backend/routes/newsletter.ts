import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { UNSUBSCRIBE_MESSAGES } from '@/contract/forms/messages';
import { textField } from '@/contract/forms/rules';
import { unsubscribeNewsletter, UNSUBSCRIBE_PAGE_PATH, verifyUnsubscribeToken } from '../newsletter/unsubscribe';
import { fail } from '../lib/http';
import { nowIso } from '../lib/ids';
import type { Signer } from '../lib/signing';
import type { AppDeps, AppEnv } from '../types';
import { readJsonObject } from './read-json';

const unsubscribeSchema = z.object({
  email: textField(EMAIL_RULES),
  t: z.string().trim().max(64).optional(),
  token: z.string().trim().max(64).optional(),
});

/**
 * /newsletter/unsubscribe (issue 16). POST with the address and its signed token, in the query
 * string (the RFC 8058 one-click URL, whose body is `List-Unsubscribe=One-Click`) or in a JSON or
 * form body (the site's confirm page): a forged token is a 403, a good one records the unsubscribe.
 * GET sends a person who opened the one-click URL to the confirm page: a GET never unsubscribes.
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
    const parsed = unsubscribeSchema.safeParse({ ...c.req.query(), ...body });
    if (!parsed.success) return fail(c, 400, UNSUBSCRIBE_MESSAGES.refused);
    const { email } = parsed.data;
    const token = parsed.data.token ?? parsed.data.t;
    if (!verifyUnsubscribeToken(await signer(), email, token)) return fail(c, 403, UNSUBSCRIBE_MESSAGES.refused);
    await unsubscribeNewsletter(deps.db, email, nowIso());
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: UNSUBSCRIBE_MESSAGES.done });
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
