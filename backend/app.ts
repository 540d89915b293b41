import { withFestivalClock } from './kernel/clock';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { TrieRouter } from 'hono/router/trie-router';
import { canKeepAliveAfter413 } from '@/contract/http/body-size';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/contract/http/request-id';
import { rateLimitKey, resolveClientAddress } from './kernel/client-address';
import { createDbRateLimiter, createRateLimiter, verifyRateLimit, VERIFY_RATE_LIMIT_SCOPE, type RateLimiter } from './kernel/rate-limit';
import { fail, HTTP_MESSAGES } from './kernel/http';
import { processLogger } from './kernel/log';
import { MEDIA_UPLOAD_BODY_LIMIT } from '@/contract/api/reports';
import { ANNOUNCEMENT_MESSAGES, CAMPAIGN_BODY_LIMIT } from '@/contract/api/campaigns';
import { adminRoutes } from './admin/routes';
import { adminMediaRoutes, adminReportRoutes, mediaRoutes } from './reports/routes';
import { authRoutes } from './auth/routes';
import { adminEntryRoutes, adminProgrammeRoutes, entryRoutes } from './content/entry-routes';
import { adminContentRoutes, contentRoutes } from './content/routes';
import { editionRoutes } from './edition/routes';
import { donationRoutes, paymentRoutes } from './donations/routes';
import { STORED_FORMS } from './forms';
import { donationFlow } from './donations/service';
import { keyedFormRoutes } from './kernel/form-flow';
import { newsletterFlow } from './newsletter/sign-up';
import { registrationFlow } from './tickets/register';
import { SEAMS } from './seams';
import { healthRoutes } from './health/routes';
import { inboxRoutes } from './inbox/routes';
import { checkInRoutes, ticketResendRoutes, ticketRoutes } from './tickets/routes';
import { GATE_SYNC_BODY_LIMIT, gateRoutes } from './tickets/gate/routes';
import { newsletterRoutes } from './newsletter/routes';
import { campaignRoutes } from './newsletter/campaigns/routes';
import { audienceCampaignRoutes } from './campaigns/routes';
import { holderMailingRoutes } from './tickets/holder-mailings';
import { waitingListAdminRoutes, waitingListFormRoutes, waitingListRoutes } from './waiting-list/routes';
import { signerOf } from './kernel/signer-of';
import type { AppDeps, AppEnv } from './kernel/deps';

export type BackendApp = Hono<AppEnv>;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MEDIA_UPLOAD_PATH = /^\/api\/admin\/media\/?$/;
const GATE_SYNC_PATH = /^\/api\/admin\/check-ins\/sync\/?$/;
const CAMPAIGN_WRITE_PATH = /^\/api\/admin\/(?:newsletter\/campaigns|announcements)(\/[^/]+)?\/?$/;
const DONATION_VERIFY_PATH = /^\/api\/donations\/verify\/?$/;

/**
 * The built-in backend: the whole /api contract of spec §7 as a Hono app (web-standard
 * fetch(Request) => Response). Everything it needs comes in `deps`, so the site, the standalone
 * server and each test build their own. The composition root: it mounts each feature's routes and
 * gives each the seams it needs of the others (backend/seams.ts); features never import each other.
 */
export function createApp(deps: AppDeps): BackendApp {
  const log = deps.log ?? processLogger();
  // On PostgreSQL (DATABASE_URL) every instance counts in one table; one SQLite process counts in memory.
  const limiter =
    deps.rateLimiter ??
    (deps.dialect === 'postgres' ? createDbRateLimiter(deps.db, deps.config.rateLimit, { log }) : createRateLimiter(deps.config.rateLimit));
  // The donation return page's status checks: a bucket of their own, larger (issue 42).
  const verifyLimit = verifyRateLimit(deps.config.rateLimit);
  const verifyLimiter =
    deps.verifyRateLimiter ??
    (deps.dialect === 'postgres' ? createDbRateLimiter(deps.db, verifyLimit, { log, scope: VERIFY_RATE_LIMIT_SCOPE }) : createRateLimiter(verifyLimit));
  // strict: false — the contract's paths end in '/', and clients without it are served the same.
  const app = new Hono<AppEnv>({ strict: false });
  const api = new Hono<AppEnv>({ strict: false });

  // First: every answer, errors included, carries X-Request-Id (the site's /api route or proxy
  // sets the header; a direct caller gets a new id), and every request gets one line: debug for a
  // read that went well, info for a write or a refusal, error for a failure.
  app.use('*', async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const requestLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    const started = performance.now();
    // Everything the request stores as a fact of the festival is timed by its clock (kernel/clock.ts).
    await withFestivalClock(deps.config.now, next);
    c.header('X-Request-Id', requestId);
    const { method } = c.req;
    const { pathname: path } = new URL(c.req.url);
    const status = c.res.status;
    const level = status >= 500 ? 'error' : status >= 400 || !READ_METHODS.has(method) ? 'info' : 'debug';
    requestLog[level]({ area: 'api', method, path, status, ms: Math.round(performance.now() - started) }, `${method} ${path} ${status}`);
  });

  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is still on the wire. Keep the connection only when it is small
        // enough to be read and discarded (lib/body-size.ts); otherwise say it will be closed, so the
        // client does not send its next request into a connection about to go.
        if (!canKeepAliveAfter413(c.req.raw.headers)) c.header('Connection', 'close');
        return fail(c, 413, HTTP_MESSAGES.tooLarge);
      },
    });
  // Nothing about staff or sessions is ever kept by a browser or a shared cache (issue 32): every
  // /auth and /admin answer, errors and 401s included, says no-store. First, so it wraps them all.
  const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  for (const group of ['/auth', '/auth/*', '/admin', '/admin/*']) api.use(group, noStore);

  const publicLimit = limitOf(deps.config.bodyLimitBytes);
  // Staff image uploads (issue 17) have their own, larger cap; every other path keeps BODY_LIMIT_BYTES.
  const uploadLimit = limitOf(MEDIA_UPLOAD_BODY_LIMIT);
  // A gate's sync carries up to GATE_SYNC_MAX_SCANS scans: more than BODY_LIMIT_BYTES may hold.
  const syncLimit = limitOf(Math.max(GATE_SYNC_BODY_LIMIT, deps.config.bodyLimitBytes));
  // A newsletter's Markdown may be CAMPAIGN_LIMITS.body characters, more than BODY_LIMIT_BYTES holds.
  const campaignLimit = limitOf(Math.max(CAMPAIGN_BODY_LIMIT, deps.config.bodyLimitBytes));
  api.use('*', (c, next) =>
    MEDIA_UPLOAD_PATH.test(c.req.path)
      ? uploadLimit(c, next)
      : GATE_SYNC_PATH.test(c.req.path)
        ? syncLimit(c, next)
        : CAMPAIGN_WRITE_PATH.test(c.req.path)
          ? campaignLimit(c, next)
          : publicLimit(c, next),
  );

  // Nowhere durable to write (Vercel without DATABASE_URL): every write is refused, said once in the log.
  if (deps.config.submissionsOff) {
    let said = false;
    const refuseWrites = async (c: Context<AppEnv>, next: () => Promise<void>) => {
      if (READ_METHODS.has(c.req.method)) return next();
      if (!said) {
        said = true;
        c.get('log').warn({ area: 'backend' }, `${HTTP_MESSAGES.submissionsOff} (VERCEL=1 and DATABASE_URL unset: content comes from the built-in copy; every form post and sign-in answers 503.)`);
      }
      return fail(c, 503, HTTP_MESSAGES.submissionsOff);
    };
    for (const group of ['/forms/*', '/auth/*', '/admin/*', '/newsletter/*', '/donations/*', '/payments/*']) api.use(group, refuseWrites);
  }

  // Per-client limit on everything that writes for the public: forms and sign-up attempts. The
  // client is who TRUSTED_PROXIES says it is (kernel/client-address.ts); a client we cannot know
  // shares one bucket with every other such client, limited all the same. Staff sign-in is not
  // counted here (a full bucket would lock staff out): it has its own limit (auth/throttle.ts).
  let warnedUnknown = false;
  const limitedBy = (bucket: RateLimiter) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (c.req.method !== 'POST') return next();
    const address = resolveClientAddress({
      forwardedFor: c.req.header('x-forwarded-for'),
      peer: deps.socketAddress?.(c),
      trust: deps.config.trustedProxies,
    });
    if (!address && !warnedUnknown && deps.config.rateLimit.max > 0) {
      warnedUnknown = true;
      c.get('log').warn({ area: 'backend' }, 'rate limit: a request came with no client address we can trust; such requests share one limit (set TRUSTED_PROXIES behind a proxy; see docs/deployment.md)');
    }
    const { allowed, retryAfterSeconds } = await bucket.hit(rateLimitKey(address));
    if (!allowed) {
      c.header('Retry-After', String(retryAfterSeconds));
      return fail(c, 429, HTTP_MESSAGES.rateLimited);
    }
    return next();
  };
  const rateLimited = limitedBy(limiter);
  const verifyLimited = limitedBy(verifyLimiter);
  api.use('/forms/*', rateLimited);
  // The donation checkout's endpoints are the visitor's too; Paystack's webhook is not (it is signed).
  // The return page's status check is a page view: its own bucket, never the forms' (issue 42).
  api.use('/donations/*', (c, next) => (DONATION_VERIFY_PATH.test(c.req.path) ? verifyLimited(c, next) : rateLimited(c, next)));
  api.use('/auth/register', rateLimited);
  api.use('/auth/register/', rateLimited);

  // For monitors and operators: no auth, no rate limit (the limits above count POSTs), no-store.
  api.route('/health', healthRoutes({ ...deps, log }));
  api.route('/content/entries', entryRoutes(deps.db));
  api.route('/content', contentRoutes(deps.db, deps.config.siteUrl, deps.config));
  api.route('/edition', editionRoutes(deps));
  api.route('/forms/ticket-resend', ticketResendRoutes({ ...deps, log }));
  api.route('/forms/waiting-list', waitingListFormRoutes({ ...deps, log }));
  api.route('/waiting-list', waitingListRoutes({ ...deps, log }, SEAMS.registrations));
  const formDeps = { ...deps, log };
  const forms = keyedFormRoutes(formDeps)
    .mount('/newsletter', newsletterFlow(formDeps))
    .mount('/registrations', registrationFlow(formDeps))
    .mount('/donations', donationFlow(formDeps));
  // The stored forms (partnerships, volunteer, contact...), each at its path (backend/forms/index.ts).
  for (const form of STORED_FORMS) forms.mount(form.path, form.flow());
  api.route('/forms', forms.routes);
  api.route('/donations', donationRoutes({ ...deps, log }));
  api.route('/payments', paymentRoutes({ ...deps, log }));
  api.route('/tickets', ticketRoutes(deps, SEAMS.waitingList));
  // Before checkInRoutes, whose session check covers every path under it: the gate's routes check it once themselves.
  api.route('/admin/check-ins', gateRoutes(deps));
  api.route('/admin/check-ins', checkInRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/admin/reports', adminReportRoutes(deps));
  api.route('/admin/media', adminMediaRoutes(deps));
  api.route('/admin/content', adminContentRoutes(deps));
  api.route('/admin/entries', adminEntryRoutes(deps));
  api.route('/admin/programme', adminProgrammeRoutes(deps));
  api.route('/admin/newsletter/campaigns', campaignRoutes(deps));
  // Before the announcements, whose id check would answer 404 for "automatic".
  api.route('/admin/announcements/automatic', holderMailingRoutes(deps));
  api.route('/admin/announcements', audienceCampaignRoutes(deps, SEAMS.audiences.ticketHolders, ANNOUNCEMENT_MESSAGES));
  api.route('/media', mediaRoutes(deps.db));
  api.route('/admin/inbox', inboxRoutes(deps));
  api.route('/admin/waiting-list', waitingListAdminRoutes({ ...deps, log }));
  api.route('/admin', adminRoutes(deps, SEAMS));
  api.route('/newsletter', newsletterRoutes(deps, signerOf(deps)));

  app.route('/api', api);

  // 404 vs 405: a path that exists under another method answers 405 with Allow.
  let methodsByPath: TrieRouter<string[]> | undefined;
  const allowedMethods = (path: string): string[] => {
    if (!methodsByPath) {
      const byPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === 'ALL') continue;
        const set = byPath.get(route.path) ?? new Set<string>();
        set.add(route.method);
        if (route.method === 'GET') set.add('HEAD');
        byPath.set(route.path, set);
      }
      methodsByPath = new TrieRouter<string[]>();
      for (const [p, methods] of byPath) methodsByPath.add('ALL', p, [...methods]);
    }
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const found = new Set<string>();
    for (const [methods] of methodsByPath.match('ALL', normalised)[0]) for (const m of methods) found.add(m);
    return [...found];
  };

  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      c.header('Allow', allowed.join(', '));
      return fail(c, 405, HTTP_MESSAGES.methodNotAllowed);
    }
    return fail(c, 404, HTTP_MESSAGES.notFound);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return fail(c, error.status as 400, error.message || HTTP_MESSAGES.malformedJson);
    }
    // One line, no bodies or headers: they can carry card data and tokens.
    (c.get('log') ?? log).error({ area: 'backend' }, `${c.req.method} ${new URL(c.req.url).pathname} failed: ${error.name}: ${error.message}`);
    return fail(c, 500, HTTP_MESSAGES.internal);
  });

  return app;
}
