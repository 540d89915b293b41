import { festivalNow } from '../kernel/clock';
import { Hono, type Context } from 'hono';
import { currentEdition } from '../edition/service';
import {
  ACCOUNT_MESSAGES,
  AUDIT_PAGE_SIZE,
} from '@/contract/api/admin';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { listAudit } from '../audit/log';
import { requireAdmin, requireStaff } from '../auth/middleware';
import { EmailTakenError } from '../auth/queries';
import { isExportKind } from '../export/csv';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import type { DashboardSources, WaitingListSeam } from '../kernel/seams';
import { EDITION_FORM_MESSAGES, type EditionPayload } from '@/contract/api/edition-admin';
import { CapacityBelowTakenError, readEditionAdmin, saveEdition } from './edition';
import { dashboardFigures } from './queries';
import {
  AccountNotFoundError,
  AccountRuleError,
  addStaffAccount,
  disableStaffAccount,
  downloadExport,
  enableStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
} from './service';

/**
 * Staff-only (bearer token): the dashboard's figures; admins only: the CSV exports (GET
 * /admin/export/<kind>.csv, the same CSV as `npm run export -- <kind>`, each download audited),
 * staff accounts and the audit log (contract/api/admin.ts lists the messages).
 */
export function adminRoutes(deps: AppDeps, seams: { waitingList: WaitingListSeam; dashboard: DashboardSources }) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const admin = requireAdmin();

  // Admins only (issue 32): the files hold donors' addresses and phones. Each download is one audit row.
  r.get('/export/:file', admin, async (c) => {
    const match = /^([a-z-]+)\.csv$/.exec(c.req.param('file'));
    const kind = match?.[1];
    if (!kind || !isExportKind(kind)) {
      return fail(c, 404, 'Unknown export. Use registrations, donations, partnerships, newsletter, volunteers, contact or waiting-list (.csv).');
    }
    const csv = await downloadExport(db, c.get('staff'), kind);
    const date = festivalNow().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="itan-${kind}-${date}.csv"`,
    });
  });

  r.get('/dashboard', async (c) => c.json({ success: true, data: await dashboardFigures(db, seams.dashboard, await currentEdition(db, deps.config)) }));

  // The edition (issue 28), admins only: what is in force, and saving it (PUT; POST for the site's client).
  r.get('/edition', admin, async (c) => c.json({ success: true, data: await readEditionAdmin(db, deps.config) }));
  const editionSaved = async (c: Context<AppEnv>, input: EditionPayload | 'configuration') => {
    let raised = false;
    try {
      const { before, after } = await saveEdition(db, deps.config, c.get('staff'), input);
      raised = after.capacity === null ? before.capacity !== null : before.capacity !== null && after.capacity > before.capacity;
    } catch (error) {
      if (error instanceof CapacityBelowTakenError) {
        const message = EDITION_FORM_MESSAGES.capacityBelowTaken(error.taken);
        return fail(c, 409, message, { capacity: message });
      }
      throw error;
    }
    // Places may have come free (a raised capacity, a reopened window): offer them to the waiting list.
    try {
      // The offer mails say why (issue 43): more places opened, when the capacity went up.
      await seams.waitingList.offerFreedPlaces(db, { config: deps.config, onOutboxWrite: deps.onOutboxWrite, log: deps.log }, deps.config.now(), raised ? 'capacity' : 'given-back');
    } catch (error) {
      deps.log?.error({ area: 'edition' }, `waiting list after a save: ${error instanceof Error ? error.message : String(error)}`);
    }
    return c.json({ success: true, data: await readEditionAdmin(db, deps.config), message: input === 'configuration' ? EDITION_FORM_MESSAGES.reset : EDITION_FORM_MESSAGES.saved });
  };
  r.on(['PUT', 'POST'], '/edition', admin, validJson(ENDPOINTS.editionSave.request), (c) => editionSaved(c, c.req.valid('json')));
  // "Back to configuration": the stored edition is deleted (DELETE; POST …/reset for the site's client).
  r.delete('/edition', admin, (c) => editionSaved(c, 'configuration'));
  r.post('/edition/reset', admin, (c) => editionSaved(c, 'configuration'));

  r.get('/staff', admin, async (c) => c.json({ success: true, data: await listStaffAccounts(db) }));

  r.post('/staff', admin, validJson(ENDPOINTS.staffCreate.request), async (c) => {
    try {
      const { account, generatedPassword } = await addStaffAccount(db, c.get('staff'), c.req.valid('json'));
      return c.json({ success: true, data: account, message: ACCOUNT_MESSAGES.created, ...(generatedPassword ? { generatedPassword } : {}) }, 201);
    } catch (error) {
      if (error instanceof EmailTakenError) return fail(c, 400, ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      throw error;
    }
  });

  const accountError = (c: Context<AppEnv>, error: unknown) => {
    if (error instanceof AccountNotFoundError) return fail(c, 404, ACCOUNT_MESSAGES.notFound);
    if (error instanceof AccountRuleError) return fail(c, 409, error.rule === 'self' ? ACCOUNT_MESSAGES.cannotDisableSelf : ACCOUNT_MESSAGES.lastAdmin);
    throw error;
  };

  r.post('/staff/:id/password', admin, validJson(ENDPOINTS.staffPassword.request), async (c) => {
    try {
      const { account, generatedPassword } = await resetStaffPassword(db, c.get('staff'), c.req.param('id'), c.req.valid('json').password);
      return c.json({ success: true, data: account, message: ACCOUNT_MESSAGES.passwordReset, ...(generatedPassword ? { generatedPassword } : {}) });
    } catch (error) {
      return accountError(c, error);
    }
  });

  r.post('/staff/:id/disable', admin, async (c) => {
    try {
      const account = await disableStaffAccount(db, deps.dialect, c.get('staff'), c.req.param('id'));
      return c.json({ success: true, data: account, message: ACCOUNT_MESSAGES.disabled });
    } catch (error) {
      return accountError(c, error);
    }
  });

  r.post('/staff/:id/enable', admin, async (c) => {
    try {
      const account = await enableStaffAccount(db, c.get('staff'), c.req.param('id'));
      return c.json({ success: true, data: account, message: ACCOUNT_MESSAGES.enabled });
    } catch (error) {
      return accountError(c, error);
    }
  });

  r.get('/audit', admin, async (c) => {
    const { page } = ENDPOINTS.audit.query.parse({ page: c.req.query('page') });
    const { results, count } = await listAudit(db, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
    return c.json({ success: true, data: results, page, pageSize: AUDIT_PAGE_SIZE, count });
  });

  return r;
}
