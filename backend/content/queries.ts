import type { Selectable } from 'kysely';
import type { EventDetail, Events, Hero, Highlight } from '@/contract/content/schemas';
import { shiftEventDetail } from '@/contract/content/shift';
import type { EditionFacts } from '@/contract/edition-copy';
import type { StoredEventDetail } from '@/contract/api/event-details';
import type { Db, DbDialect, HighlightTable } from '../db/schema';

/** Content reads, in exactly the shapes of contract/content/schemas.ts. */
export type ContentBlockKey = 'hero' | 'events' | 'event-details';

export async function getContentBlock<T>(db: Db, key: ContentBlockKey): Promise<T | undefined> {
  const row = await db.selectFrom('content_blocks').select('data').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.data) as T) : undefined;
}

export const getHero = (db: Db) => getContentBlock<Hero>(db, 'hero');
export const getEvents = (db: Db) => getContentBlock<Events>(db, 'events');
export const getStoredEventDetails = (db: Db) => getContentBlock<StoredEventDetail[]>(db, 'event-details');

/**
 * GET /content/event-details/: every event's detail (kind 'event') as the site shows it; the
 * sessions' details come from the programme's entries now (issue 40 part 3), and the block's old
 * 'program' rows are no longer read. The date rule: a seeded detail (never edited) is moved from
 * FALLBACK_FESTIVAL_START_DATE to the current edition's start, and its seeded copy written for
 * that edition, as the static copy is; a detail staff saved (`editedAt`) keeps exactly its times and words.
 */
export async function listEventDetails(db: Db, edition: EditionFacts): Promise<EventDetail[] | undefined> {
  const stored = await getStoredEventDetails(db);
  return stored?.filter((d) => d.kind === 'event').map((d) => (d.editedAt ? publicEventDetail(d) : shiftEventDetail(publicEventDetail(d), edition)));
}

/** A stored detail without its edit mark. */
export function publicEventDetail(stored: StoredEventDetail): EventDetail {
  const detail: StoredEventDetail = { ...stored };
  delete detail.editedAt;
  return detail;
}

function toHighlight(r: Selectable<HighlightTable>): Highlight {
  return {
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    image: r.image,
    date: r.date,
    readTime: r.read_time,
    category: r.category,
    slug: r.slug,
    author: r.author,
    tags: JSON.parse(r.tags) as string[],
    ...(r.image_alt ? { imageAlt: r.image_alt } : {}),
  };
}

export interface HighlightQuery {
  /** A category slug ('event-report'); undefined for all. */
  categorySlug?: string | undefined;
  limit: number;
  offset: number;
}

/** Published reports only (drafts are never public), newest first; the total count for pagination. */
export async function listHighlights(db: Db, q: HighlightQuery): Promise<{ results: Highlight[]; count: number }> {
  let base = db.selectFrom('highlights').where('status', '=', 'published');
  if (q.categorySlug) base = base.where('category_slug', '=', q.categorySlug);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toHighlight), count: Number(total.n) };
}

export async function getHighlightBySlug(db: Db, slug: string): Promise<Highlight | undefined> {
  const row = await db.selectFrom('highlights').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
  return row ? toHighlight(row) : undefined;
}

/**
 * GET /content/highlights/featured/: the reports staff marked featured, newest first, then the
 * newest others to fill `limit` (so the home page and /highlights always have a lead story).
 */
export async function listFeaturedHighlights(db: Db, limit: number): Promise<Highlight[]> {
  const rows = await db
    .selectFrom('highlights')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('featured', 'desc')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toHighlight);
}

/**
 * Locks a content block's row for the rest of the transaction on PostgreSQL, before a
 * read-change-write, so two edits cannot lose one another (SQLite's write transactions already queue).
 */
export async function lockContentBlock(db: Db, dialect: DbDialect, key: ContentBlockKey): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('content_blocks').select('key').where('key', '=', key).forUpdate().execute();
}

/** Writes a content block, creating it when missing. */
export async function putContentBlock(db: Db, key: ContentBlockKey, data: unknown, at: string): Promise<void> {
  await db
    .insertInto('content_blocks')
    .values({ key, data: JSON.stringify(data), updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ data: JSON.stringify(data), updated_at: at }))
    .execute();
}

/** Rewrites an existing content block. */
export async function updateContentBlock(db: Db, key: ContentBlockKey, data: unknown, at: string): Promise<void> {
  await db.updateTable('content_blocks').set({ data: JSON.stringify(data), updated_at: at }).where('key', '=', key).execute();
}
