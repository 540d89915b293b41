import type { Db } from '../db/schema';

/** Organiser exports: one CSV per kind of submission, the same for the CLI and the admin endpoint. */
export const EXPORT_KINDS = ['registrations', 'donations', 'partnerships', 'newsletter', 'volunteers'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(value: string): value is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(value);
}

type Cell = string | number | null | undefined;

/**
 * One CSV cell (RFC 4180 quoting). Text starting with = + - @ (or a tab/CR) would run as a
 * formula when a spreadsheet opens the file, so it gets a leading apostrophe.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export async function exportCsv(db: Db, kind: ExportKind): Promise<string> {
  switch (kind) {
    case 'registrations': {
      const rows = await db.selectFrom('registrations').selectAll().orderBy('created_at').orderBy('id').execute();
      return toCsv(
        ['id', 'ticket_reference', 'first_name', 'last_name', 'email', 'phone', 'number_of_tickets', 'submitted_at', 'created_at'],
        rows.map((r) => [r.id, r.ticket_reference, r.first_name, r.last_name, r.email, r.phone, Number(r.number_of_tickets), r.submitted_at, r.created_at]),
      );
    }
    case 'donations': {
      const rows = await db.selectFrom('donations').selectAll().orderBy('created_at').orderBy('id').execute();
      return toCsv(
        ['id', 'amount_ngn', 'currency', 'first_name', 'last_name', 'email', 'phone', 'street', 'city', 'state', 'zipcode', 'card_holder', 'card_brand', 'card_last4', 'gateway', 'gateway_reference', 'status', 'source', 'created_at'],
        rows.map((r) => [
          r.id,
          (Number(r.amount_kobo) / 100).toFixed(2),
          r.currency,
          r.first_name,
          r.last_name,
          r.email,
          r.phone,
          r.street,
          r.city,
          r.state,
          r.zipcode,
          r.card_holder,
          r.card_brand,
          r.card_last4,
          r.gateway,
          r.gateway_reference,
          r.status,
          r.source,
          r.created_at,
        ]),
      );
    }
    case 'partnerships': {
      const rows = await db.selectFrom('partnerships').selectAll().orderBy('created_at').orderBy('id').execute();
      return toCsv(
        ['id', 'first_name', 'last_name', 'email', 'phone', 'organization', 'proposal', 'submitted_at', 'created_at'],
        rows.map((r) => [r.id, r.first_name, r.last_name, r.email, r.phone, r.organization, r.proposal, r.submitted_at, r.created_at]),
      );
    }
    case 'newsletter': {
      const rows = await db.selectFrom('newsletter_subscriptions').selectAll().orderBy('created_at').orderBy('id').execute();
      return toCsv(['id', 'email', 'created_at'], rows.map((r) => [r.id, r.email, r.created_at]));
    }
    case 'volunteers': {
      const rows = await db.selectFrom('volunteer_applications').selectAll().orderBy('created_at').orderBy('id').execute();
      return toCsv(
        ['id', 'first_name', 'last_name', 'email', 'phone', 'roles', 'availability', 'message', 'submitted_at', 'created_at'],
        rows.map((r) => [
          r.id,
          r.first_name,
          r.last_name,
          r.email,
          r.phone,
          (JSON.parse(r.roles) as string[]).join('; '),
          r.availability,
          r.message,
          r.submitted_at,
          r.created_at,
        ]),
      );
    }
  }
}
