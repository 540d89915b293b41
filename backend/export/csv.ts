import { PHONE_PATTERN } from '@/contract/forms/checks';
import type { Db } from '../db/schema';

/**
 * Organiser exports: one CSV per kind of submission, the same for the CLI and the admin endpoint.
 * Partnerships, volunteers and contact end with the inbox's `status` (issue 31), last so the
 * columns people's spreadsheets already use stay where they were.
 */
export const EXPORT_KINDS = ['registrations', 'donations', 'partnerships', 'newsletter', 'volunteers', 'contact', 'waiting-list'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(value: string): value is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(value);
}

type Cell = string | number | null | undefined;

/** What a spreadsheet may take for the start of a formula (OWASP, CSV injection; ASVS 1.2.10). */
const FORMULA_START = /^\s*[=+\-@]|^[\t\r\n\0]/;

/**
 * A phone number as the forms accept it (contract/forms PHONE_PATTERN), starting with '+', a digit or
 * '('. Such a value holds only digits, spaces, hyphens and parentheses after one leading '+': even
 * a spreadsheet that reads it as a formula can only do arithmetic on numbers with it, because a
 * function call, a cell reference or a DDE link needs letters, '!' or '|'. So it needs no
 * apostrophe, which would spoil it ("'+234…": Excel and LibreOffice show the apostrophe when they
 * open a CSV). We chose this over the ="+234…" wrapper, which is itself a formula.
 */
const SAFE_PHONE = /^\+?[\d(][\d\s\-()]*$/;

function isSafePhone(text: string): boolean {
  return PHONE_PATTERN.test(text) && SAFE_PHONE.test(text);
}

/**
 * A valid phone as a spreadsheet shows it as text. One written with spaces ("+234 801 234 5678")
 * is read as text as it is. One without ("+2348011122233", "08031234567", "+234-801-234-5678") is
 * read as a number or a sum: LibreOffice drops the + and the leading 0 (we checked: 2348011122233,
 * 8031234567), Excel shows 2.34801E+12 or the sum. So those are written with their digits grouped
 * by spaces ("+234 801 112 2233", "0803 123 4567"): the same digits, the same number to dial.
 */
export function phoneCell(value: string): string {
  return isSafePhone(value) ? phoneForSpreadsheet(value) : value;
}

function phoneForSpreadsheet(text: string): string {
  if (/\s/.test(text)) return text;
  const plus = text.startsWith('+');
  const digits = text.replace(/\D/g, '');
  const n = digits.length;
  if (plus && n > 10) {
    // Country code, then the last ten digits as 3-3-4 (Nigeria's and North America's shape).
    const national = digits.slice(-10);
    return `+${digits.slice(0, n - 10)} ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  return `${plus ? '+' : ''}${digits.slice(0, n - 7)} ${digits.slice(n - 7, n - 4)} ${digits.slice(n - 4)}`;
}

/**
 * One CSV cell, after OWASP's CSV injection guidance:
 * - every cell is quoted and its quotes doubled (RFC 4180 §2.6–2.7), so a separator (',' or the
 *   ';' many locales use, or a tab) or a quote inside a value can never start a new cell where a
 *   formula could begin;
 * - text whose first character is = + - @ tab CR LF or NUL (or = + - @ after leading spaces, which
 *   some importers trim) gets a leading apostrophe, so it is shown as text and never run;
 * - numbers are ours (amounts, counts) and valid phone numbers are safe (SAFE_PHONE): as is. The
 *   phone columns are also written so spreadsheets keep them as text (phoneCell).
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !isSafePhone(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

interface ExportTable {
  header: readonly string[];
  rows: Cell[][];
}

const table = (header: readonly string[], rows: Cell[][]): ExportTable => ({ header, rows });

/** The organisers' CSV of one kind. */
export async function exportCsv(db: Db, kind: ExportKind): Promise<string> {
  return (await exportFile(db, kind)).csv;
}

/** The CSV and how many records it holds (what the audit log records of a download). */
export async function exportFile(db: Db, kind: ExportKind): Promise<{ csv: string; rowCount: number }> {
  const { header, rows } = await exportTable(db, kind);
  return { csv: toCsv(header, rows), rowCount: rows.length };
}

async function exportTable(db: Db, kind: ExportKind): Promise<ExportTable> {
  switch (kind) {
    case 'registrations': {
      const rows = await db.selectFrom('registrations').selectAll().orderBy('created_at').orderBy('id').execute();
      return table(
        ['id', 'ticket_reference', 'first_name', 'last_name', 'email', 'phone', 'number_of_tickets', 'submitted_at', 'created_at'],
        rows.map((r) => [r.id, r.ticket_reference, r.first_name, r.last_name, r.email, phoneCell(r.phone), Number(r.number_of_tickets), r.submitted_at, r.created_at]),
      );
    }
    case 'donations': {
      const rows = await db.selectFrom('donations').selectAll().orderBy('created_at').orderBy('id').execute();
      return table(
        ['id', 'amount_ngn', 'currency', 'first_name', 'last_name', 'email', 'phone', 'street', 'city', 'state', 'zipcode', 'card_holder', 'card_brand', 'card_last4', 'gateway', 'gateway_reference', 'status', 'source', 'created_at'],
        rows.map((r) => [
          r.id,
          (Number(r.amount_kobo) / 100).toFixed(2),
          r.currency,
          r.first_name,
          r.last_name,
          r.email,
          phoneCell(r.phone),
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
      return table(
        ['id', 'first_name', 'last_name', 'email', 'phone', 'organization', 'proposal', 'submitted_at', 'created_at', 'status'],
        rows.map((r) => [r.id, r.first_name, r.last_name, r.email, phoneCell(r.phone), r.organization, r.proposal, r.submitted_at, r.created_at, r.status]),
      );
    }
    case 'newsletter': {
      // Only the addresses that may be written to: confirmed (issue 31, double opt-in) and not
      // unsubscribed (issue 16). An unconfirmed sign-up is not a subscriber: left out, so nobody
      // mails it from a spreadsheet. `confirmed_at` is the consent record (NDPA 2023).
      const rows = await db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('confirmed_at', 'is not', null)
        .where('unsubscribed_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return table(['id', 'email', 'created_at', 'confirmed_at'], rows.map((r) => [r.id, r.email, r.created_at, r.confirmed_at]));
    }
    case 'volunteers': {
      const rows = await db.selectFrom('volunteer_applications').selectAll().orderBy('created_at').orderBy('id').execute();
      return table(
        ['id', 'first_name', 'last_name', 'email', 'phone', 'roles', 'availability', 'message', 'submitted_at', 'created_at', 'status'],
        rows.map((r) => [
          r.id,
          r.first_name,
          r.last_name,
          r.email,
          phoneCell(r.phone),
          (JSON.parse(r.roles) as string[]).join('; '),
          r.availability,
          r.message,
          r.submitted_at,
          r.created_at,
          r.status,
        ]),
      );
    }
    case 'waiting-list': {
      // Issue 43: every edition's list, each in its queue order; the state and the offers made
      // are the staff page's (/staff/waiting-list).
      const rows = await db.selectFrom('waiting_list').selectAll().orderBy('edition').orderBy('position').orderBy('created_at').orderBy('id').execute();
      return table(
        ['id', 'edition', 'position', 'name', 'email', 'number_of_tickets', 'status', 'created_at', 'offers_made', 'offered_at', 'offer_expires_at', 'offer_reason', 'registration_id'],
        rows.map((r) => [
          r.id,
          r.edition,
          Number(r.position),
          r.name,
          r.email,
          Number(r.number_of_tickets),
          r.status,
          r.created_at,
          Number(r.offers_made),
          r.offered_at,
          r.offer_expires_at,
          r.offer_reason,
          r.registration_id,
        ]),
      );
    }
    case 'contact': {
      const rows = await db.selectFrom('contact_messages').selectAll().orderBy('created_at').orderBy('id').execute();
      return table(
        ['id', 'name', 'email', 'topic', 'message', 'submitted_at', 'created_at', 'status'],
        rows.map((r) => [r.id, r.name, r.email, r.topic, r.message, r.submitted_at, r.created_at, r.status]),
      );
    }
  }
}
