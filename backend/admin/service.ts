import { festivalNow } from '../kernel/clock';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CreateStaffPayload, StaffAccount } from '@/contract/api/admin';
import { recordAudit } from '../audit/log';
import { isUniqueViolation } from '../db/errors';
import type { Db, DbDialect, StaffRole } from '../db/schema';
import { newId } from '../kernel/ids';
import type { StaffUser } from '../kernel/deps';
import { hashPassword } from '../auth/passwords';
import { EmailTakenError, revokeAllTokens } from '../auth/queries';
import { exportFile, type ExportKind } from '../export/csv';

/**
 * The admins' account management (issue 17, item 5). Each change and its audit row are one
 * transaction: a change that fails leaves no record, and a recorded change happened. Ending an
 * account's sessions (a reset, a disable) is in the same transaction as the change itself, so no
 * old token outlives it.
 */
export class AccountNotFoundError extends Error {
  constructor() {
    super('No such staff account');
    this.name = 'AccountNotFoundError';
  }
}

export class AccountRuleError extends Error {
  constructor(readonly rule: 'self' | 'last-admin') {
    super(rule === 'self' ? 'An admin cannot disable their own account' : 'The last active admin cannot be disabled');
    this.name = 'AccountRuleError';
  }
}

/** 16 characters from 96 random bits, URL-safe: typed once, then changed by its owner. */
function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

type Row = { id: string; name: string; email: string; role: StaffRole; created_at: string; disabled_at: string | null };

const toAccount = (r: Row): StaffAccount => ({ id: r.id, name: r.name, email: r.email, role: r.role, createdAt: r.created_at, disabledAt: r.disabled_at });

const columns = ['id', 'name', 'email', 'role', 'created_at', 'disabled_at'] as const;

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db.selectFrom('staff_users').select(columns).orderBy('created_at').orderBy('id').execute();
  return rows.map(toAccount);
}

async function findAccount(db: Db, id: string): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('staff_users').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

const describe = (a: Pick<StaffAccount, 'name' | 'email'>) => `${a.name} <${a.email}>`;

export async function addStaffAccount(
  db: Db,
  actor: StaffUser,
  input: CreateStaffPayload,
  now = new Date(),
): Promise<{ account: StaffAccount; generatedPassword?: string }> {
  const generatedPassword = input.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);
  const row: Row = { id: newId(), name: input.name, email: input.email.trim().toLowerCase(), role: input.role, created_at: now.toISOString(), disabled_at: null };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('staff_users').values({ ...row, password_hash: passwordHash }).execute();
      await recordAudit(trx, actor, { action: 'staff.create', targetType: 'staff', targetId: row.id, summary: `${describe(row)} added as ${row.role}` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return { account: toAccount(row), generatedPassword };
}

export async function resetStaffPassword(
  db: Db,
  actor: StaffUser,
  id: string,
  password: string | undefined,
  now = new Date(),
): Promise<{ account: StaffAccount; generatedPassword?: string }> {
  const generatedPassword = password ? undefined : generatePassword();
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const account = await db.transaction().execute(async (trx) => {
    const found = await findAccount(trx, id);
    if (!found) throw new AccountNotFoundError();
    await trx.updateTable('staff_users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    await revokeAllTokens(trx, id, now);
    await recordAudit(trx, actor, { action: 'staff.password-reset', targetType: 'staff', targetId: id, summary: `Password of ${describe(found)} reset; sessions ended` });
    return found;
  });
  return { account, generatedPassword };
}

/**
 * Disables an account and ends its sessions. An admin cannot disable themself, nor the last active
 * admin (nobody could manage accounts any more). On PostgreSQL the active admins' rows are locked
 * first, so two admins disabling each other at once cannot both succeed; SQLite runs one write
 * transaction at a time.
 */
export async function disableStaffAccount(db: Db, dialect: DbDialect, actor: StaffUser, id: string, now = new Date()): Promise<StaffAccount> {
  if (id === actor.id) throw new AccountRuleError('self');
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`select id from staff_users where role = 'admin' and disabled_at is null for update`.execute(trx);
    }
    const found = await findAccount(trx, id);
    if (!found) throw new AccountNotFoundError();
    if (found.disabledAt) return found;
    if (found.role === 'admin') {
      const others = await trx
        .selectFrom('staff_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .where('id', '<>', id)
        .executeTakeFirstOrThrow();
      if (Number(others.n) === 0) throw new AccountRuleError('last-admin');
    }
    await trx.updateTable('staff_users').set({ disabled_at: now.toISOString() }).where('id', '=', id).execute();
    await revokeAllTokens(trx, id, now);
    await recordAudit(trx, actor, { action: 'staff.disable', targetType: 'staff', targetId: id, summary: `${describe(found)} disabled; sessions ended` });
    return { ...found, disabledAt: now.toISOString() };
  });
}

export async function enableStaffAccount(db: Db, actor: StaffUser, id: string): Promise<StaffAccount> {
  return db.transaction().execute(async (trx) => {
    const found = await findAccount(trx, id);
    if (!found) throw new AccountNotFoundError();
    if (!found.disabledAt) return found;
    await trx.updateTable('staff_users').set({ disabled_at: null }).where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'staff.enable', targetType: 'staff', targetId: id, summary: `${describe(found)} enabled` });
    return { ...found, disabledAt: null };
  });
}

/**
 * An admin's CSV download (issue 32): the file and its audit row (who, which export, when, how many
 * rows) come from one transaction, so the count is the file's and no file leaves unrecorded.
 */
export async function downloadExport(db: Db, actor: StaffUser, kind: ExportKind, now = festivalNow()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { csv, rowCount } = await exportFile(trx, kind);
    await recordAudit(
      trx,
      actor,
      { action: 'export.download', targetType: 'export', targetId: kind, summary: `Downloaded ${kind}.csv (${rowCount} row${rowCount === 1 ? '' : 's'})` },
      now,
    );
    return csv;
  });
}
