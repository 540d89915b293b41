import { z } from 'zod';
import { text } from '@/contract/text';
import { EMAIL_RULES, NAME_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';
import { PASSWORD_MIN_CHARS } from './admin-limits';
import { gateDuplicateSchema } from './gate';

/**
 * The staff area's part of the /api contract (ours, beside spec §7): the dashboard's figures, the
 * admins' account management and the audit log. One schema per message, used by the built-in
 * backend to answer and by the site to read. All need `Authorization: Bearer <staff token>`;
 * accounts and audit need an admin (403 otherwise).
 *
 *   GET  /api/admin/dashboard/                 → { success, data: Dashboard }
 *   GET  /api/admin/staff/                     → { success, data: StaffAccount[] }
 *   POST /api/admin/staff/ { name, email, role, password? }
 *                                              → 201 { success, data: StaffAccount, generatedPassword? } | 400 taken | 422
 *   POST /api/admin/staff/<id>/password/ { password? }
 *                                              → { success, data, generatedPassword? } (every session of it ends)
 *   POST /api/admin/staff/<id>/disable/        → { success, data } | 409 self or last admin | 404
 *   POST /api/admin/staff/<id>/enable/         → { success, data } | 404
 *   GET  /api/admin/audit/?page=1              → { success, data: AuditEntry[], page, pageSize, count }
 *   GET  /api/admin/export/<kind>.csv          → text/csv (admins only; each download is an audit row)
 *   GET|PUT /api/admin/edition/                → the edition's settings (admins only; contract/api/edition-admin.ts)
 *
 * Every /api/admin and /api/auth answer, errors included, is sent with Cache-Control: no-store.
 */

export { AUDIT_PAGE_SIZE, DASHBOARD_RECENT, MAIL_OVERDUE_MINUTES, PASSWORD_MIN_CHARS } from './admin-limits';

export const ACCOUNT_MESSAGES = {
  created: 'Staff account created.',
  passwordReset: 'Password reset. Every session of this account has ended.',
  disabled: 'Account disabled. It can no longer sign in and its sessions have ended.',
  enabled: 'Account enabled. It can sign in again.',
  notFound: 'There is no such staff account.',
  emailTaken: 'An account with this email already exists.',
  cannotDisableSelf: 'You cannot disable your own account.',
  lastAdmin: 'This is the last active admin: make another admin first.',
  passwordShort: `Password must be at least ${PASSWORD_MIN_CHARS} characters`,
  roleInvalid: 'Choose admin or staff',
} as const;

const staffRoleSchema = z.enum(['admin', 'staff'], { error: ACCOUNT_MESSAGES.roleInvalid });

/** Empty means "generate one": the new password is shown once to the admin. */
const optionalPassword = text()
  .max(1024)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v))
  .pipe(text().min(PASSWORD_MIN_CHARS, ACCOUNT_MESSAGES.passwordShort).optional());

export const createStaffPayloadSchema = z.object({
  name: textField(NAME_RULES),
  email: textField(EMAIL_RULES),
  role: staffRoleSchema,
  password: optionalPassword,
});
export type CreateStaffPayload = z.infer<typeof createStaffPayloadSchema>;

export const resetPasswordPayloadSchema = z.object({ password: optionalPassword });

export const staffAccountSchema = z.object({
  id: text(),
  name: text(),
  email: text(),
  role: staffRoleSchema,
  createdAt: text(),
  disabledAt: text().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListResultSchema = z.object({ success: z.literal(true), data: z.array(staffAccountSchema) });
export const staffAccountResultSchema = z.object({
  success: z.literal(true),
  data: staffAccountSchema,
  message: text(),
  generatedPassword: text().optional(),
});

export const auditEntrySchema = z.object({
  id: text(),
  at: text(),
  actor: z.object({ id: text().nullable(), email: text(), name: text() }),
  action: text(),
  targetType: text(),
  targetId: text(),
  summary: text(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

export const auditResultSchema = z.object({
  success: z.literal(true),
  data: z.array(auditEntrySchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  count: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof auditResultSchema>;

const count = z.number().int().nonnegative();

/** A few recent rows of one kind: only what staff need to see at a glance; never card data. */
const dashboardRecentSchema = z.object({
  /** The current edition's; `givenBack`: the visitor gave the wristbands back ("I can't come"). */
  registrations: z.array(z.object({ name: text(), reference: text(), wristbands: count, checkedIn: z.boolean(), givenBack: z.boolean().default(false), at: text() })),
  donations: z.array(z.object({ name: text(), amountKobo: count, at: text() })),
  /** Donations not (yet) paid: waiting for Paystack, or held for review (paid another amount). */
  unpaidDonations: z.array(z.object({ name: text(), amountKobo: count, status: z.enum(['pending', 'review']), at: text() })),
  partnerships: z.array(z.object({ name: text(), organization: text().nullable(), at: text() })),
  volunteers: z.array(z.object({ name: text(), availability: text(), at: text() })),
  /** The address with its local part masked: the list is for a glance, the CSV for work. Confirmed subscribers, `at` their confirmation. */
  newsletter: z.array(z.object({ email: text(), at: text() })),
  contact: z.array(z.object({ name: text(), topic: text(), at: text() })),
});

export const dashboardSchema = z.object({
  /** The edition the registration figures are for (its start date, YYYY-MM-DD); absent from a backend that does not say. */
  edition: text().optional(),
  /** The current edition's registrations; given-back ones are not counted here but in `givenBack`. */
  registrations: z.object({
    count,
    wristbands: count,
    /** The edition's capacity in wristbands; null when unlimited. */
    capacity: count.nullable(),
    checkedInRegistrations: count,
    checkedInWristbands: count,
  }),
  /** Registrations of the current edition given back ("I can't come") and their wristbands, returned to the pool. */
  givenBack: z.object({ registrations: count, wristbands: count }).default({ registrations: 0, wristbands: 0 }),
  /** The current edition's waiting list: people waiting, and offers sent and not yet taken or lapsed. */
  waitingList: z.object({ waiting: count, offered: count, wristbandsWaiting: count }).default({ waiting: 0, offered: 0, wristbandsWaiting: 0 }),
  /** Successful donations only; `pending` (waiting for Paystack) and `review` are counted apart. */
  donations: z.object({ count, totalKobo: count, pending: count, review: count }),
  partnerships: count,
  volunteers: count,
  /** Newsletter subscribers: confirmed (double opt-in, issue 31) and not unsubscribed. */
  newsletter: count,
  /** Sign-ups waiting for their confirmation (forgotten 30 days after signing up); 0 from a backend that does not say. */
  newsletterUnconfirmed: count.default(0),
  contact: count,
  /**
   * The inbox (issue 31, contract/api/inbox.ts): items of every kind still new, and partnership
   * proposals past their 5-working-day deadline with no reply (0 from a backend that does not say).
   */
  inbox: z.object({ new: count, overdue: count }).default({ new: 0, overdue: 0 }),
  /**
   * Mail the outbox could not deliver, mail waiting longer than it should, and mail held back by
   * the per-recipient limit (MAIL_PER_RECIPIENT_PER_HOUR: it goes out once the address's hour allows;
   * 0 from a backend that does not say).
   */
  mail: z.object({ failed: count, pending: count, overdue: count, heldBack: count.default(0) }),
  recent: dashboardRecentSchema,
  /**
   * The current edition's tickets admitted more than once at the gates (issue 29): the check-in
   * that counts (the earliest scan) and the others, never counted. Empty from a backend that does not say.
   */
  duplicates: z.array(gateDuplicateSchema).default([]),
  generatedAt: text(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's table of duplicate check-ins (shown only when there are any). */
export const DUPLICATES_TEXT = {
  title: 'Duplicate check-ins',
  caption: 'Tickets let in more than once',
  note: 'Gates offline at the time each admitted the ticket. The earliest scan counts; the others are not counted. Lagos time.',
  head: { ticket: 'Ticket', wristbands: 'Wristbands', counted: 'Counted', duplicate: 'Duplicate' },
  /** One gate's scan: where, by whom, when. */
  scan: (device: string, by: string, at: string) => `${device} · ${by} · ${at}`,
} as const;
export const dashboardResultSchema = z.object({ success: z.literal(true), data: dashboardSchema });
