import { festivalNow } from '../kernel/clock';
import { sql, type Selectable } from 'kysely';
import { CONTACT_TOPICS, VOLUNTEER_AVAILABILITY } from '@/contract/festival';
import { isOverdue, OPEN_STATUSES, type InboxEntry, type InboxKind, type InboxStatus, type InboxSummary } from '@/contract/api/inbox';
import { CONTENT_KINDS, ROLE_LABELS } from '@/contract/content/kinds';
import type { Db, InboxEntryTable } from '../db/schema';
import { listPublishedEntries } from '../content/entries';

/**
 * The inbox's reads: the three kinds of item (partnership proposals, volunteer applications,
 * contact messages) as one list, newest first, and one item with its notes and replies. Every
 * query takes `db` first, so it also runs inside a transaction.
 */
export const ITEM_TABLES = { partnership: 'partnerships', volunteer: 'volunteer_applications', contact: 'contact_messages' } as const satisfies Record<InboxKind, string>;

const PREVIEW_CHARS = 160;

const topicLabel = (value: string) => CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value;
const availabilityLabel = (value: string) => VOLUNTEER_AVAILABILITY.find((a) => a.value === value)?.label ?? value;

export interface InboxFilter {
  kind?: InboxKind;
  status?: InboxStatus;
  overdue?: boolean;
}

/** The kinds that carry an answer deadline: proposals (5 working days) and contact messages (3). */
const DEADLINE_KINDS: readonly InboxKind[] = ['partnership', 'contact'];

/**
 * Volunteer roles in words (issue 43): the title of the role's published entry on /volunteer
 * (content kind volunteerRoles), else its short name, else the code as stored.
 */
export async function volunteerRoleNames(db: Db): Promise<(id: string) => string> {
  const titles = new Map<string, string>();
  for (const { data } of await listPublishedEntries(db, CONTENT_KINDS.volunteerRoles)) {
    if (typeof data.id === 'string' && typeof data.title === 'string' && data.title.trim()) titles.set(data.id, data.title.trim());
  }
  return (id) => titles.get(id) ?? (ROLE_LABELS as Record<string, string>)[id] ?? id;
}

/** A proposal with no reply stored: the SQL twin of isOverdue's `replyCount === 0`. */
const noReply = (kind: InboxKind, table: string) =>
  sql<boolean>`not exists (select 1 from inbox_entries e where e.item_kind = ${kind} and e.item_id = ${sql.ref(`${table}.id`)} and e.type = 'reply')`;
const replyCount = (kind: InboxKind, table: string) =>
  sql<string>`(select count(*) from inbox_entries e where e.item_kind = ${kind} and e.item_id = ${sql.ref(`${table}.id`)} and e.type = 'reply')`;

/** One select per kind, all with the same columns, filtered; `overdue` keeps only proposals. */
function branches(db: Db, filter: InboxFilter, now: Date) {
  const nowIso = now.toISOString();
  const { status } = filter;
  const kinds = (filter.kind ? [filter.kind] : (['partnership', 'volunteer', 'contact'] as const)).filter((k) => !filter.overdue || DEADLINE_KINDS.includes(k));
  return kinds.map((kind) => {
    let q;
    if (kind === 'partnership') {
      q = db
        .selectFrom('partnerships')
        .select([
          sql<string>`'partnership'`.as('kind'),
          'id',
          sql<string>`first_name || ' ' || last_name`.as('name'),
          sql<string>`coalesce(organization, '')`.as('subject'),
          sql<string>`substr(proposal, 1, ${PREVIEW_CHARS})`.as('preview'),
          'status',
          'created_at',
          sql<string | null>`due_at`.as('due_at'),
          replyCount('partnership', 'partnerships').as('reply_count'),
        ])
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
        .$if(filter.overdue === true, (qb) =>
          qb.where('due_at', '<', nowIso).where('status', 'in', [...OPEN_STATUSES]).where(noReply('partnership', 'partnerships')),
        );
    } else if (kind === 'volunteer') {
      q = db
        .selectFrom('volunteer_applications')
        .select([
          sql<string>`'volunteer'`.as('kind'),
          'id',
          sql<string>`first_name || ' ' || last_name`.as('name'),
          sql<string>`availability`.as('subject'),
          sql<string>`substr(coalesce(message, ''), 1, ${PREVIEW_CHARS})`.as('preview'),
          'status',
          'created_at',
          sql<string | null>`cast(null as text)`.as('due_at'),
          replyCount('volunteer', 'volunteer_applications').as('reply_count'),
        ])
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!));
    } else {
      q = db
        .selectFrom('contact_messages')
        .select([
          sql<string>`'contact'`.as('kind'),
          'id',
          sql<string>`name`.as('name'),
          sql<string>`topic`.as('subject'),
          sql<string>`substr(message, 1, ${PREVIEW_CHARS})`.as('preview'),
          'status',
          'created_at',
          sql<string | null>`due_at`.as('due_at'),
          replyCount('contact', 'contact_messages').as('reply_count'),
        ])
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
        .$if(filter.overdue === true, (qb) =>
          qb.where('due_at', '<', nowIso).where('status', 'in', [...OPEN_STATUSES]).where(noReply('contact', 'contact_messages')),
        );
    }
    return q;
  });
}

interface SummaryRow {
  kind: string;
  id: string;
  name: string;
  subject: string;
  preview: string;
  status: string;
  created_at: string;
  due_at: string | null;
  reply_count: string | number;
}

function subjectOf(kind: InboxKind, subject: string): string {
  if (kind === 'contact') return topicLabel(subject);
  if (kind === 'volunteer') return availabilityLabel(subject);
  return subject;
}

function toSummary(row: SummaryRow, now: Date): InboxSummary {
  const kind = row.kind as InboxKind;
  const summary = {
    kind,
    id: row.id,
    name: row.name,
    subject: subjectOf(kind, row.subject),
    preview: row.preview,
    status: row.status as InboxStatus,
    createdAt: row.created_at,
    dueAt: row.due_at,
    replyCount: Number(row.reply_count),
  };
  return { ...summary, overdue: isOverdue(summary, now) };
}

/** A page of the inbox, newest first, and how many items the filter matches. */
export async function listInbox(db: Db, filter: InboxFilter, page: { limit: number; offset: number }, now = festivalNow()): Promise<{ items: InboxSummary[]; count: number }> {
  const parts = branches(db, filter, now);
  if (parts.length === 0) return { items: [], count: 0 };
  const union = parts.slice(1).reduce((all, q) => all.unionAll(q), parts[0]!);
  const [rows, total] = await Promise.all([
    db.selectFrom(union.as('items')).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db.selectFrom(union.as('items')).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as SummaryRow[]).map((r) => toSummary(r, now)), count: Number(total.n) };
}

/** The dashboard's inbox figures: items still new, and proposals and contact messages overdue. */
export async function inboxCounts(db: Db, now = festivalNow()): Promise<{ new: number; overdue: number }> {
  const counts = await Promise.all(
    (Object.values(ITEM_TABLES) as Array<(typeof ITEM_TABLES)[InboxKind]>).map((table) =>
      db.selectFrom(table).select(sql<string>`count(*)`.as('n')).where('status', '=', 'new').executeTakeFirstOrThrow(),
    ),
  );
  const overdue = await Promise.all([
    db
      .selectFrom('partnerships')
      .select(sql<string>`count(*)`.as('n'))
      .where('due_at', '<', now.toISOString())
      .where('status', 'in', [...OPEN_STATUSES])
      .where(noReply('partnership', 'partnerships'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select(sql<string>`count(*)`.as('n'))
      .where('due_at', '<', now.toISOString())
      .where('status', 'in', [...OPEN_STATUSES])
      .where(noReply('contact', 'contact_messages'))
      .executeTakeFirstOrThrow(),
  ]);
  return { new: counts.reduce((sum, row) => sum + Number(row.n), 0), overdue: overdue.reduce((sum, row) => sum + Number(row.n), 0) };
}

/** One item as the inbox shows it (without its notes and replies), or undefined. */
export interface ItemRecord {
  kind: InboxKind;
  id: string;
  name: string;
  /** For a mail's greeting. */
  firstName: string;
  email: string;
  phone: string | null;
  subject: string;
  facts: Array<[string, string]>;
  message: string;
  status: InboxStatus;
  createdAt: string;
  dueAt: string | null;
}

export async function findItem(db: Db, kind: InboxKind, id: string): Promise<ItemRecord | undefined> {
  if (kind === 'partnership') {
    const r = await db.selectFrom('partnerships').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return undefined;
    return {
      kind,
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      firstName: r.first_name,
      email: r.email,
      phone: r.phone,
      subject: r.organization ?? '',
      facts: r.organization ? [['Organisation', r.organization]] : [],
      message: r.proposal,
      status: r.status as InboxStatus,
      createdAt: r.created_at,
      dueAt: r.due_at,
    };
  }
  if (kind === 'volunteer') {
    const r = await db.selectFrom('volunteer_applications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return undefined;
    let roles: string[] = [];
    try {
      roles = JSON.parse(r.roles) as string[];
    } catch {
      roles = [];
    }
    const roleName = await volunteerRoleNames(db);
    return {
      kind,
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      firstName: r.first_name,
      email: r.email,
      phone: r.phone,
      subject: availabilityLabel(r.availability),
      facts: [
        ['Roles', roles.map(roleName).join(', ')],
        ['Availability', availabilityLabel(r.availability)],
      ],
      message: r.message ?? '',
      status: r.status as InboxStatus,
      createdAt: r.created_at,
      dueAt: null,
    };
  }
  const r = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  return {
    kind,
    id: r.id,
    name: r.name,
    firstName: r.name.trim().split(/\s+/)[0] ?? r.name,
    email: r.email,
    phone: null,
    subject: topicLabel(r.topic),
    facts: [['Topic', topicLabel(r.topic)]],
    message: r.message,
    status: r.status as InboxStatus,
    createdAt: r.created_at,
    dueAt: r.due_at,
  };
}

export type EntryRow = Selectable<InboxEntryTable>;

/** An item's notes and replies, oldest first, each reply with its mail's delivery state. */
export async function entriesOf(db: Db, kind: InboxKind, id: string): Promise<InboxEntry[]> {
  const rows = await db
    .selectFrom('inbox_entries')
    .leftJoin('outbox', 'outbox.id', 'inbox_entries.outbox_id')
    .select([
      'inbox_entries.id',
      'inbox_entries.type',
      'inbox_entries.author_name',
      'inbox_entries.author_email',
      'inbox_entries.body',
      'inbox_entries.created_at',
      'outbox.status as delivery',
    ])
    .where('inbox_entries.item_kind', '=', kind)
    .where('inbox_entries.item_id', '=', id)
    .orderBy('inbox_entries.created_at')
    .orderBy('inbox_entries.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    author: { name: r.author_name, email: r.author_email },
    body: r.body,
    createdAt: r.created_at,
    // A reply whose outbox entry is gone (cleaned up, or a data request) was sent long ago or never will be.
    delivery: r.type === 'reply' ? (r.delivery ?? 'done') : null,
  }));
}

export async function entryById(db: Db, id: string): Promise<EntryRow | undefined> {
  return db.selectFrom('inbox_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function entryByRequestKey(db: Db, requestKey: string): Promise<EntryRow | undefined> {
  return db.selectFrom('inbox_entries').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
}
