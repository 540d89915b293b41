import { festivalNow } from '../kernel/clock';
import type { Selectable } from 'kysely';
import type { AdminReport, ReportInput } from '@/contract/api/reports';
import { mediaIdOf, mediaUrl } from '@/contract/api/reports';
import { categorySlug } from '@/contract/festival';
import { readTimeOf, renderReportMarkdown, slugify } from '@/contract/html/markdown';
import { isUniqueViolation } from '../db/errors';
import type { Db, HighlightTable } from '../db/schema';
import { newId } from '../kernel/ids';

/** Reports as the staff area edits them (issue 17); the public reads stay in content.ts. */
const PLACEHOLDER_REPORT_IMAGE = '/images/placeholder.webp';

function toAdminReport(r: Selectable<HighlightTable>): AdminReport {
  const imageId = mediaIdOf(r.image) ?? null;
  return {
    id: r.id,
    slug: r.slug,
    status: r.status,
    title: r.title,
    category: r.category,
    date: r.date,
    author: r.author,
    excerpt: r.excerpt,
    tags: JSON.parse(r.tags) as string[],
    featured: Number(r.featured) === 1,
    body: r.body_markdown,
    content: r.content,
    readTime: r.read_time,
    image: r.image,
    imageId,
    imageAlt: r.image_alt,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
  };
}

/** Every report, drafts too: most recently changed first. */
export async function listAdminReports(db: Db): Promise<AdminReport[]> {
  const rows = await db.selectFrom('highlights').selectAll().orderBy('updated_at', 'desc').orderBy('date', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAdminReport);
}

export async function getAdminReport(db: Db, id: string): Promise<AdminReport | undefined> {
  const row = await db.selectFrom('highlights').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAdminReport(row) : undefined;
}

/** The first of `base`, `base-2`, `base-3`... no other report holds. */
async function uniqueSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  let query = db.selectFrom('highlights').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function fields(input: ReportInput) {
  const content = renderReportMarkdown(input.body);
  return {
    title: input.title,
    category: input.category,
    category_slug: categorySlug(input.category),
    date: input.date,
    author: input.author,
    excerpt: input.excerpt,
    tags: JSON.stringify(input.tags),
    featured: input.featured ? 1 : 0,
    body_markdown: input.body,
    content,
    read_time: readTimeOf(content),
    image: input.imageId ? mediaUrl(input.imageId) : PLACEHOLDER_REPORT_IMAGE,
    image_alt: input.imageId ? input.imageAlt : '',
  };
}

/** Retries the write with the next free slug when another writer took it in between (the unique index decides). */
async function withFreeSlug<T>(db: Db, base: string, exceptId: string | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const slug = await uniqueSlug(db, base, exceptId);
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** A new draft; its slug comes from the title. Call inside a transaction (with the audit record). */
export async function createReport(db: Db, input: ReportInput, now = festivalNow()): Promise<AdminReport> {
  const id = newId();
  const at = now.toISOString();
  await withFreeSlug(db, slugify(input.title), undefined, (slug) =>
    db
      .insertInto('highlights')
      .values({ id, slug, ...fields(input), status: 'draft', created_at: at, updated_at: at, published_at: null })
      .execute(),
  );
  return (await getAdminReport(db, id))!;
}

/**
 * Saves an edit. A report never published follows its title with its slug; once published the slug
 * stays, so links already shared keep working.
 */
export async function updateReport(db: Db, id: string, input: ReportInput, now = festivalNow()): Promise<AdminReport | undefined> {
  const current = await db.selectFrom('highlights').select(['slug', 'published_at']).where('id', '=', id).executeTakeFirst();
  if (!current) return undefined;
  const values = { ...fields(input), updated_at: now.toISOString() };
  if (current.published_at) {
    await db.updateTable('highlights').set(values).where('id', '=', id).execute();
  } else {
    await withFreeSlug(db, slugify(input.title), id, (slug) => db.updateTable('highlights').set({ ...values, slug }).where('id', '=', id).execute());
  }
  return getAdminReport(db, id);
}

export async function setReportStatus(db: Db, id: string, status: 'draft' | 'published', now = festivalNow()): Promise<AdminReport | undefined> {
  const current = await db.selectFrom('highlights').select(['published_at']).where('id', '=', id).executeTakeFirst();
  if (!current) return undefined;
  const at = now.toISOString();
  await db
    .updateTable('highlights')
    .set({ status, updated_at: at, ...(status === 'published' && !current.published_at ? { published_at: at } : {}) })
    .where('id', '=', id)
    .execute();
  return getAdminReport(db, id);
}

export interface StoredMedia {
  id: string;
  contentType: string;
  bytes: Buffer;
}

export async function insertMedia(
  db: Db,
  media: { bytes: Buffer; width: number; height: number; contentType: string; createdBy: string },
  // The machine's clock: the media sweep ages uploads by it (kernel/clock.ts).
  now = new Date(),
): Promise<string> {
  const id = newId();
  await db
    .insertInto('media')
    .values({
      id,
      content_type: media.contentType,
      width: media.width,
      height: media.height,
      byte_size: media.bytes.byteLength,
      bytes: media.bytes,
      created_at: now.toISOString(),
      created_by: media.createdBy,
    })
    .execute();
  return id;
}

export async function getMedia(db: Db, id: string): Promise<StoredMedia | undefined> {
  const row = await db.selectFrom('media').select(['id', 'content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  // better-sqlite3 and pg both hand back a Buffer for blob/bytea.
  return row ? { id: row.id, contentType: row.content_type, bytes: Buffer.from(row.bytes) } : undefined;
}
