import { festivalNow } from '../kernel/clock';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { entrySchema, type EntryData } from '@/contract/content/entry-fields';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { copySessions, joinProgramme, type ProgrammeData } from '@/contract/content/programme';
import type { EditionFacts } from '@/contract/edition-copy';
import { recordAudit } from '../audit/log';
import type { Db, DbDialect } from '../db/schema';
import type { StaffUser } from '../kernel/deps';
import { newId } from '../kernel/ids';
import { listPublishedEntries, lockKind, type EntryOutcome } from './entries';

/**
 * The programme (issue 40 part 3) in the built-in backend: venues, speakers and sessions are
 * content entries (backend/content/entries.ts); here, what is read of them together and the
 * copy of an edition's sessions into the current one.
 */

/** The published venues, speakers and sessions joined as pages show them (every edition's sessions, by start). */
export async function publishedProgramme(db: Db): Promise<ProgrammeData> {
  const [sessions, speakers, venues] = await Promise.all(
    ([CONTENT_KINDS.sessions, CONTENT_KINDS.speakers, CONTENT_KINDS.venues] as const).map(async (kind) => (await listPublishedEntries(db, kind)).map((e) => e.data)),
  );
  return joinProgramme(sessions!, speakers!, venues!);
}

export interface ProgrammeCopied {
  from: string;
  to: string;
  copied: number;
  skipped: number;
}

/**
 * "Copy last year's programme as drafts": every session of the edition `from` (default: the
 * latest edition before the current one that has sessions), its draft, into `current` as a new
 * draft at the end of the list, moved to the same day of the festival with a slug of its own
 * (copySessions). A session whose new slug is taken (copied before) is skipped, so a second copy
 * adds nothing. Audited once, when anything was copied.
 */
export async function copyProgramme(
  { db, dialect, staff }: { db: Db; dialect: DbDialect; staff: StaffUser },
  current: Pick<EditionFacts, 'key' | 'startDate'>,
  from: string | undefined,
  now = festivalNow(),
): Promise<EntryOutcome<ProgrammeCopied>> {
  const kind = CONTENT_KINDS.sessions;
  const schema = entrySchema(kind.fields);
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind, true);
    const rows = await trx.selectFrom('content_entries').select(['id', 'position', 'draft', 'published']).where('kind', '=', kind.key).orderBy('position').orderBy('id').execute();
    const drafts = rows.map((r) => JSON.parse(r.draft) as EntryData);
    const editionOf = (data: EntryData) => (typeof data.edition === 'string' ? data.edition : '');
    const source = from ?? drafts.map(editionOf).filter((key) => key !== '' && key < current.key).sort().at(-1);
    const sessions = source === undefined || source === current.key ? [] : drafts.filter((d) => editionOf(d) === source);
    if (source === undefined || sessions.length === 0) return { ok: false, status: 404, message: ENTRY_MESSAGES.nothingToCopy };

    const startDate = sessions.map((s) => String(s.date)).sort()[0]!;
    const copies = copySessions(sessions, { key: source, startDate }, { key: current.key, startDate: current.startDate });
    const taken = new Set(rows.flatMap((r) => [r.draft, r.published].flatMap((json) => (json === null ? [] : [(JSON.parse(json) as EntryData).slug]))));
    const at = now.toISOString();
    let position = rows.reduce((top, r) => Math.max(top, r.position), -1);
    let copied = 0;
    for (const copy of copies) {
      // A copy must still fit the fields (a slug near its length limit may not take the year).
      const parsed = schema.safeParse(copy);
      if (taken.has(copy.slug) || !parsed.success) continue;
      taken.add(copy.slug);
      position += 1;
      copied += 1;
      await trx
        .insertInto('content_entries')
        .values({ kind: kind.key, id: newId(), position, draft: JSON.stringify(parsed.data), published: null, created_at: at, updated_at: at, updated_by: staff.id })
        .execute();
    }
    const skipped = copies.length - copied;
    if (copied > 0) {
      await recordAudit(trx, staff, { action: 'content.programme-copied', targetType: kind.key, targetId: current.key, summary: `${kind.title}: ${copied} copied from ${source} to ${current.key} as drafts, ${skipped} skipped` }, now);
    }
    return { ok: true, value: { from: source, to: current.key, copied, skipped } };
  });
}
