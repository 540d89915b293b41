import { z } from 'zod';
import { text } from '../text';

/**
 * The content entries' endpoints (issue 40; ours, the spec has none): the public list of a kind's
 * published entries, and the staff side (every entry with its draft and published versions;
 * create, save, publish, unpublish, move, delete). An entry's `data` is checked against its kind's
 * fields (contract/content/kinds.ts) by the backend on every write and by the site on every read.
 */
export const ENTRY_STATUSES = ['draft', 'published', 'changed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

const entryData = z.record(text(), z.unknown());

export const publicEntriesSchema = z.object({
  kind: text(),
  entries: z.array(z.object({ id: text(), data: entryData })),
});
export type PublicEntries = z.infer<typeof publicEntriesSchema>;

export const adminEntrySchema = z.object({
  id: text(),
  position: z.number().int(),
  /** draft: never published; published: the public sees the draft as it is; changed: published, with a newer draft. */
  status: z.enum(ENTRY_STATUSES),
  draft: entryData,
  published: entryData.nullable(),
  updatedAt: text(),
  updatedBy: text().nullable(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

export const adminEntriesResultSchema = z.object({ success: z.literal(true), data: z.object({ kind: text(), entries: z.array(adminEntrySchema) }) });
export const adminEntryResultSchema = z.object({ success: z.literal(true), data: adminEntrySchema, message: text() });
export const adminEntryDeletedSchema = z.object({ success: z.literal(true), message: text() });

/**
 * A save or a new entry: the fields as the form posted them (strings) or as JSON. `key` (a new
 * entry only): the form's one-time key, so a second click on Add makes no second entry.
 */
export const entryInputSchema = z.object({ data: entryData, key: text().regex(/^[A-Za-z0-9_-]{16,64}$/).optional() });

/** "Copy last year's programme as drafts": from an edition (default: the latest before the current one) into the current one. */
export const programmeCopySchema = z.object({ from: text().regex(/^\d{4}(?:-[A-Za-z0-9]+)*$/).max(32).optional() });
export const programmeCopyResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ from: text(), to: text(), copied: z.number().int(), skipped: z.number().int() }),
  message: text(),
});
export const entryMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

export const ENTRY_MESSAGES = {
  created: 'Added as a draft.',
  saved: 'Draft saved.',
  published: 'Published.',
  unpublished: 'Taken off the site; kept as a draft.',
  moved: 'Moved.',
  deleted: 'Deleted.',
  notFound: 'That entry no longer exists.',
  unknownKind: 'There is no such kind of content.',
  singletonFixed: 'This content is a single record: it can be edited, not added to or deleted.',
  duplicate: 'Another entry already has this value.',
  lastOne: 'The page needs at least one of these published: publish another before taking this one off.',
  invalid: 'Please correct the errors below.',
  /** A venue or speaker that sessions name. */
  inUse: (count: number) => `${count} ${count === 1 ? 'session names' : 'sessions name'} this entry: change ${count === 1 ? 'it' : 'them'} first.`,
  noSuchRef: (kindTitle: string, slug: string) => `Nothing in “${kindTitle}” has the link name “${slug}”.`,
  copied: (copied: number, skipped: number, from: string) =>
    `Copied ${copied} ${copied === 1 ? 'session' : 'sessions'} from ${from} as drafts${skipped > 0 ? ` (${skipped} already here, left alone)` : ''}.`,
  nothingToCopy: 'There is no earlier edition with sessions to copy.',
} as const;
