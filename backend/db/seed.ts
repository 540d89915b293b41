import {
  eventDetailsFallback,
  eventsFallback,
  heroFallback,
  highlightsFallback,
  podcastsFallback,
  programsFallback,
} from '@/contract/fallbacks';
import { categorySlug, HIGHLIGHT_DEFAULT_CATEGORY, HIGHLIGHT_DEFAULT_READ_TIME } from '@/contract/festival';
import { entrySchema } from '@/contract/content/entry-fields';
import { editionFrom } from '@/contract/edition';
import type { EditionFacts } from '@/contract/edition-copy';
import { CONTENT_KINDS, SINGLETON_ID, type ContentKind } from '@/contract/content/kinds';
import type { Db } from './schema';

/**
 * Fills the content tables from contract/fallbacks/ so the built-in backend serves what the
 * fallbacks hold. Idempotent: rows that exist (perhaps edited by staff) are left as they are.
 */
/** `edition`: the current one, which the seeded programme is written for (default: the dates configuration would roll to). */
export async function seedContent(db: Db, now = new Date(), edition: EditionFacts = editionFrom({}, now)): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('content_blocks')
      .values([
        { key: 'hero', data: JSON.stringify(heroFallback), updated_at: at },
        { key: 'events', data: JSON.stringify(eventsFallback), updated_at: at },
        // Event and session details (dates, venue, description), stored as written around
        // FALLBACK_FESTIVAL_START_DATE: unedited ones are shifted to FESTIVAL_START_DATE when read
        // (backend/content/queries.ts listEventDetails).
        { key: 'event-details', data: JSON.stringify(eventDetailsFallback), updated_at: at },
        // Visitor information and data protection (issue 16) are content entries now (issue 40:
        // seedEntries below); databases seeded before keep their old rows, which nothing reads.
      ])
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();

    await trx
      .insertInto('programs')
      .values(
        programsFallback.map((p, i) => ({
          id: p.id,
          position: i,
          left_label: p.leftLabel,
          title: p.title,
          subtitle: p.subtitle,
          avatar: p.avatar,
          slug: p.slug,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

    await trx
      .insertInto('podcasts')
      .values(
        podcastsFallback.map((p, i) => ({
          id: p.id,
          position: i,
          title: p.title,
          image: p.image,
          youtube_url: p.youtubeUrl ?? null,
          spotify_url: p.spotifyUrl ?? null,
          description: p.description ?? null,
          duration: p.duration ?? null,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

    await trx
      .insertInto('highlights')
      .values(
        highlightsFallback.map((h) => {
          const category = h.category || HIGHLIGHT_DEFAULT_CATEGORY;
          return {
            id: h.id,
            slug: h.slug,
            title: h.title,
            excerpt: h.excerpt,
            content: h.content,
            image: h.image,
            date: h.date,
            read_time: h.readTime || HIGHLIGHT_DEFAULT_READ_TIME,
            category,
            category_slug: categorySlug(category),
            author: h.author,
            tags: JSON.stringify(h.tags),
            status: 'published' as const,
            published_at: h.date,
            created_at: h.date,
            updated_at: h.date,
          };
        }),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Each edition's wristband counter is made when first needed (backend/edition/counter.ts).
  });
  await seedEntries(db, edition, now);
}

/**
 * Fills each kind from its fallback, published, the first time the backend starts with it; a kind
 * seeded before is left as staff left it (even empty). Safe to run from several processes at once.
 */
export async function seedEntries(db: Db, edition: EditionFacts, now = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const kind of Object.values(CONTENT_KINDS) as ContentKind[]) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx.insertInto('content_seeds').values({ kind: kind.key, seeded_at: at }).onConflict((oc) => oc.column('kind').doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
      // Seeded entries have ids of their own (seed-1, seed-2...): the same on every machine, so links to them can be written down.
      const entries = kind.shape === 'singleton' ? [{ id: SINGLETON_ID, data: kind.fallback(edition) }] : kind.fallback(edition).map((data, i) => ({ id: kind.seedIds?.()[i] ?? `seed-${i + 1}`, data }));
      const rows = entries.map((entry, position) => {
        const data = JSON.stringify(entrySchema(kind.fields).parse(entry.data));
        return { kind: kind.key, id: entry.id, position, draft: data, published: data, created_at: at, updated_at: at, updated_by: null };
      });
      if (rows.length > 0) await trx.insertInto('content_entries').values(rows).execute();
    });
  }
}
