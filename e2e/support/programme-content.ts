/**
 * Programme content for the programme's e2e specs (issue 40 part 3), written the way staff write it
 * (backend/content/entries.ts: a draft, then published, audited), straight into a test server's
 * database: venues, speakers and sessions of the current edition and of a past one.
 */
import { upsertStaffUser } from '../../backend/auth/queries';
import { createEntry, listPublishedEntries, setEntryPublished } from '../../backend/content/entries';
import { connectDb } from '../../backend/db/connect';
import { CONTENT_KINDS } from '../../contract/content/kinds';
import type { EntryData } from '../../contract/content/entry-fields';

const STAFF = { email: 'programme@itan.example', name: 'Programme Editor', password: 'programme-password-long' };

export interface CurrentEdition {
  key: string;
  /** The seeded sessions' days, in order. */
  days: string[];
}

export interface ProgrammeWriter {
  edition: CurrentEdition;
  add(kind: 'venues' | 'speakers' | 'sessions', data: EntryData): Promise<void>;
  close(): Promise<void>;
}

/** Opens the test server's database; each add() is a published entry. */
export async function programmeWriter(dataDir: string): Promise<ProgrammeWriter> {
  const handle = connectDb({ sqlitePath: `${dataDir}/festival.sqlite` });
  const { user: staff } = await upsertStaffUser(handle.db, STAFF);
  // The seeded programme is written for the current edition: its key and days are the current ones.
  const seeded = await listPublishedEntries(handle.db, CONTENT_KINDS.sessions);
  const first = seeded[0]?.data;
  if (!first) throw new Error('no seeded sessions: the built-in backend seeds the programme on start');
  const edition = { key: String(first.edition), days: [...new Set(seeded.map((s) => String(s.data.date)))].sort() };
  return {
    edition,
    async add(kind, data) {
      const write = { db: handle.db, dialect: handle.dialect, staff, kind: CONTENT_KINDS[kind] };
      const created = await createEntry(write, data);
      if (!created.ok) throw new Error(`${kind} ${JSON.stringify(data)}: ${created.message} ${JSON.stringify(created.errors ?? {})}`);
      const published = await setEntryPublished(write, created.value.id, true);
      if (!published.ok) throw new Error(`${kind}: ${published.message}`);
    },
    close: () => handle.close(),
  };
}

/** A session's data with defaults for what a test does not care about. */
export function sessionData(over: Partial<Record<string, string | string[]>> & { slug: string; title: string; edition: string; date: string }): EntryData {
  return {
    starts: '10:00',
    ends: '11:00',
    venue: 'centenary-hall',
    category: 'Readings',
    description: 'A reading and a conversation.',
    free: 'yes',
    ...over,
  } as EntryData;
}

const CATEGORIES = ['Readings', 'Poetry', 'Film', 'Music', 'Visual Art', 'Conversations'];
const VENUES = ['centenary-hall', 'main-hall', 'exhibition-hall', 'courtyard-stage', 'open-air-stage'];
const ACCESS = [['Yorùbá–English interpreted', 'Step-free', 'Seated'], ['BSL interpreted', 'Step-free'], []];

/**
 * `count` more sessions of the current edition, as a busy festival has them: over its days from
 * 09:00, two speakers each, access notes, one in five with its own ticket. Speakers `speaker-0`..
 * `speaker-9` are added first.
 */
export async function addBusyProgramme(writer: ProgrammeWriter, count: number): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await writer.add('speakers', { slug: `speaker-${i}`, name: `Speaker Number ${i} Adébáyọ̀`, role: 'Novelist and essayist', bio: `Speaker ${i} writes novels and essays.` });
  }
  const { key, days } = writer.edition;
  for (let i = 0; i < count; i += 1) {
    const hour = 9 + (i % 12);
    await writer.add(
      'sessions',
      sessionData({
        slug: `busy-session-${i}`,
        title: `A session of the busy programme, number ${i}: stories, songs and the city`,
        edition: key,
        date: days[i % days.length]!,
        starts: `${String(hour).padStart(2, '0')}:00`,
        ends: `${String(hour).padStart(2, '0')}:45`,
        venue: VENUES[i % VENUES.length]!,
        room: i % 2 === 0 ? `Room ${(i % 4) + 1}` : '',
        category: CATEGORIES[i % CATEGORIES.length]!,
        speakers: [`speaker-${i % 10}`, `speaker-${(i + 3) % 10}`],
        access: ACCESS[i % ACCESS.length]!,
        free: i % 5 === 0 ? 'no' : 'yes',
        description: `A long description that only the session's own page shows. `.repeat(20),
      }),
    );
  }
}
