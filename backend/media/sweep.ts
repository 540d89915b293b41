import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, DbDialect } from '../db/schema';
import type { Logger } from '../kernel/deps';
import { occasionally } from '../kernel/occasional';
import { forgetOldUploads } from './upload-quota';

/**
 * Images nothing uses are deleted (issue 32), by the drain that already runs on every instance
 * (backend/start.ts drainMail: after a response, from the cron route, in a long-lived server's
 * loop). An upload is stored before the report or card that uses it is saved, so an image uploaded
 * and then abandoned (a changed mind, a replaced cover, a form never saved) would stay for ever.
 *
 * An image is in use when its id appears in anything that stores images: a report (its cover, its
 * Markdown and the HTML made from it, its excerpt), any content block (the hero, the event cards,
 * the event details), any content entry (a team photo, a partner's logo; draft or published), a
 * programme row's avatar, a podcast's image or description. The bytes live in the `media` row itself (no files under DATA_DIR), so deleting the row deletes the image.
 *
 * Never an image younger than MEDIA_MIN_AGE_MS: a staff member may still be editing the form it
 * was uploaded from (an upload is kept in the form until it is saved).
 */
export const MEDIA_MIN_AGE_MS = 24 * 60 * 60_000;
/** At most this many images are deleted per pass; the next pass takes the rest. */
export const MEDIA_SWEEP_BATCH = 100;

/** Every table and column that can hold an image's id or URL. */
const MEDIA_REFERENCES = [
  { table: 'highlights', columns: ['image', 'body_markdown', 'content', 'excerpt'] },
  { table: 'content_blocks', columns: ['data'] },
  // Content entries (issue 40): a team member's photo, a partner's logo, in a draft or published.
  { table: 'content_entries', columns: ['draft', 'published'] },
  { table: 'programs', columns: ['avatar'] },
  { table: 'podcasts', columns: ['image', 'description'] },
] as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every id-shaped string in the columns that can name an image (lower case). */
async function mentionedIds(db: Db): Promise<Set<string>> {
  const found = new Set<string>();
  for (const { table, columns } of MEDIA_REFERENCES) {
    const rows = await sql<Record<string, string | null>>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') for (const id of value.match(UUID) ?? []) found.add(id.toLowerCase());
      }
    }
  }
  return found;
}

/** SQL: no column that can hold an image names the `media` row's id (checked again as it is deleted). */
function unmentioned(): RawBuilder<SqlBool> {
  const checks = MEDIA_REFERENCES.map(
    ({ table, columns }) =>
      sql`not exists (select 1 from ${sql.table(table)} where ${sql.join(
        columns.map((c) => sql`${sql.ref(`${table}.${c}`)} like ('%' || media.id || '%')`),
        sql` or `,
      )})`,
  );
  return sql<SqlBool>`(${sql.join(checks, sql` and `)})`;
}

export interface SweepOptions {
  now?: Date;
  limit?: number;
}

/**
 * One pass: deletes up to `limit` images older than a day that nothing uses; their number.
 *
 * The ids of the old images come from an index (migration 2026-11-26-3) and the columns that can
 * name one are read once, so the pass costs the same whether few or many images are in use. The
 * DELETE checks again, in SQL, that nothing names each image, so a save that committed since the
 * read keeps its image. Safe on many instances at once: deleting what another pass deleted deletes
 * nothing; on PostgreSQL rows another pass holds are skipped (SKIP LOCKED), not waited for.
 */
export async function sweepUnreferencedMedia(db: Db, dialect: DbDialect, { now = new Date(), limit = MEDIA_SWEEP_BATCH }: SweepOptions = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - MEDIA_MIN_AGE_MS).toISOString();
  const old = await db.selectFrom('media').select('id').where('created_at', '<', cutoff).orderBy('created_at').orderBy('id').execute();
  if (old.length === 0) return 0;
  const mentioned = await mentionedIds(db);
  const victims = old.map((r) => r.id).filter((id) => !mentioned.has(id.toLowerCase())).slice(0, limit);
  if (victims.length === 0) return 0;
  let query = db.deleteFrom('media').where('created_at', '<', cutoff).where(unmentioned());
  query =
    dialect === 'postgres'
      ? query.where('id', 'in', (eb) => eb.selectFrom('media as m').select('m.id').where('m.id', 'in', victims).forUpdate().skipLocked())
      : query.where('id', 'in', victims);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface MediaSweeper {
  /**
   * A pass, at most once per `minIntervalMs` on this instance (the drain runs after many
   * responses; the cron route and a long-lived loop call it too). Never throws: a failed pass is
   * logged and the next one tries again. The number of images deleted.
   */
  sweep(now?: Date): Promise<number>;
}

export function createMediaSweeper(db: Db, dialect: DbDialect, { log, minIntervalMs = 5 * 60_000 }: { log: Logger; minIntervalMs?: number }): MediaSweeper {
  const sweep = occasionally(
    'media',
    async (now) => {
      await forgetOldUploads(db, now);
      const removed = await sweepUnreferencedMedia(db, dialect, { now });
      if (removed > 0) log.info({ area: 'media' }, `deleted ${removed} image(s) nothing has used for a day`);
      return removed;
    },
    { minIntervalMs, log, idle: 0 },
  );
  return { sweep };
}
