import { VOLUNTEER_ROLE_IDS } from '../festival';
import { aboutFallback } from '../fallbacks/about';
import { visitFallback } from '../fallbacks/visit';
import { volunteerBenefitsFallback, volunteerRolesFallback } from '../fallbacks/volunteer';
import type { EntryData, EntryField } from './entry-fields';

/**
 * The content organisers edit as entries (issue 40): one row each in this table, naming its
 * fields (the editor's form and the schema: entry-fields.ts), its fallback (what a fresh machine
 * shows and the built-in backend seeds once), the public page that shows it (the editor's preview
 * and the pages revalidated after a change), and how it is edited:
 *
 *   singleton    one record (the about page's mission and vision): edited, published
 *   collection   a list (team members, FAQ items): added, edited, published or kept as a draft,
 *                reordered, deleted
 *
 * The hero, the event cards, event and session details and the reports have editors of their own
 * (EDITED_ELSEWHERE): they are content too, listed so a test can check every kind has an editor.
 */
export interface ContentKindBase {
  key: string;
  /** The staff area's name for it. */
  title: string;
  /** One sentence for the staff list: where it shows. */
  description: string;
  fields: readonly EntryField[];
  /** The public page that shows it. */
  page: `/${string}`;
}

export interface SingletonKind extends ContentKindBase {
  shape: 'singleton';
  fallback: () => EntryData;
}

export interface CollectionKind extends ContentKindBase {
  shape: 'collection';
  /** The field that names an entry in the staff list. */
  label: string;
  /** A field whose value no two entries may share (a volunteer role's id). */
  unique?: string;
  fallback: () => EntryData[];
}

export type ContentKind = SingletonKind | CollectionKind;

const singleton = <const K extends Omit<SingletonKind, 'shape'>>(kind: K) => ({ ...kind, shape: 'singleton' as const }) satisfies SingletonKind;
const collection = <const K extends Omit<CollectionKind, 'shape'>>(kind: K) => ({ ...kind, shape: 'collection' as const }) satisfies CollectionKind;

const ROLE_LABELS: Record<(typeof VOLUNTEER_ROLE_IDS)[number], string> = {
  'welcome-team': 'Welcome & registration',
  'stage-management': 'Stage & sessions',
  'reading-rooms': 'Reading Rooms',
  'exhibition-guide': 'Exhibition guide',
  'media-crew': 'Media crew',
  logistics: 'Logistics',
};

export const PARTNER_TIERS = [
  { value: 'sponsor', label: 'Sponsor' },
  { value: 'partner', label: 'Partner' },
  { value: 'media', label: 'Media partner' },
] as const;

export const CONTENT_KINDS = {
  about: singleton({
    key: 'about',
    title: 'About: mission and vision',
    description: 'The two statements at the top of the about page.',
    page: '/about',
    fields: [
      { name: 'mission', label: 'Mission', kind: 'prose', max: 1000 },
      { name: 'vision', label: 'Vision', kind: 'prose', max: 1000 },
    ],
    fallback: () => ({ mission: aboutFallback.mission, vision: aboutFallback.vision }),
  }),
  statistics: collection({
    key: 'statistics',
    title: 'About: figures',
    description: 'The figures under the mission (years of activity, events, participants).',
    page: '/about',
    label: 'label',
    fields: [
      { name: 'value', label: 'Figure', kind: 'text', max: 20, hint: 'As it should read: 1,000+' },
      { name: 'label', label: 'What it counts', kind: 'text', max: 80 },
    ],
    fallback: () => aboutFallback.statistics.map((s) => ({ ...s })),
  }),
  timeline: collection({
    key: 'timeline',
    title: 'About: our story',
    description: 'The years of the festival’s story, in the order shown.',
    page: '/about',
    label: 'title',
    fields: [
      { name: 'year', label: 'Year', kind: 'integer', min: 1900, max: 2100 },
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'body', label: 'What happened', kind: 'prose', max: 600 },
    ],
    fallback: () => aboutFallback.timeline.map((t) => ({ ...t })),
  }),
  team: collection({
    key: 'team',
    title: 'About: the team',
    description: 'The people who run the festival, with their roles.',
    page: '/about',
    label: 'name',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', max: 100 },
      { name: 'role', label: 'Role', kind: 'text', max: 100 },
      { name: 'bio', label: 'One line about their work', kind: 'prose', max: 400, optional: true },
      { name: 'photo', label: 'Photo', kind: 'image', optional: true },
    ],
    fallback: () => aboutFallback.team.map((m) => ({ name: m.name, role: m.role, ...(m.bio ? { bio: m.bio } : {}) })),
  }),
  partners: collection({
    key: 'partners',
    title: 'Partners and sponsors',
    description: 'Shown on the about page, sponsors first.',
    page: '/about',
    label: 'name',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', max: 120 },
      { name: 'tier', label: 'Kind', kind: 'select', options: PARTNER_TIERS },
      { name: 'url', label: 'Website', kind: 'url', optional: true },
      { name: 'logo', label: 'Logo', kind: 'image', optional: true },
    ],
    fallback: () => [],
  }),
  faq: collection({
    key: 'faq',
    title: 'Visit: questions and answers',
    description: 'The FAQ on the visit page.',
    page: '/visit',
    label: 'question',
    fields: [
      { name: 'question', label: 'Question', kind: 'text', max: 200 },
      { name: 'answer', label: 'Answer', kind: 'prose', max: 1500 },
    ],
    fallback: () => visitFallback.faq.map((f) => ({ ...f })),
  }),
  volunteerRoles: collection({
    key: 'volunteerRoles',
    title: 'Volunteer: roles',
    description: 'The roles on the volunteer page; the application form offers the same ones.',
    page: '/volunteer',
    label: 'title',
    unique: 'id',
    fields: [
      // The application form accepts these six (contract/festival.ts): a role is described here, not invented.
      { name: 'id', label: 'Role', kind: 'select', options: VOLUNTEER_ROLE_IDS.map((id) => ({ value: id, label: ROLE_LABELS[id] })) },
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'description', label: 'What the role does', kind: 'prose', max: 600 },
      { name: 'skills', label: 'Skills', kind: 'lines', max: 8, hint: 'One per line.' },
      { name: 'commitment', label: 'Time it takes', kind: 'text', max: 120 },
    ],
    fallback: () => volunteerRolesFallback.map((r) => ({ ...r, skills: [...r.skills] })),
  }),
  volunteerBenefits: collection({
    key: 'volunteerBenefits',
    title: 'Volunteer: what you get',
    description: 'What volunteers receive, on the volunteer page.',
    page: '/volunteer',
    label: 'title',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'description', label: 'Description', kind: 'prose', max: 600 },
    ],
    fallback: () => volunteerBenefitsFallback.map((b) => ({ ...b })),
  }),
} as const satisfies Record<string, ContentKind>;

export type ContentKindKey = keyof typeof CONTENT_KINDS;

/** The content with editors of its own (the staff pages that edit it). */
export const EDITED_ELSEWHERE = {
  hero: '/staff/events',
  events: '/staff/events',
  eventDetails: '/staff/events',
  programs: '/staff/events',
  highlights: '/staff/reports',
} as const;

/** The singleton's one entry id. */
export const SINGLETON_ID = 'main';

export function contentKind(key: unknown): ContentKind | undefined {
  return typeof key === 'string' && Object.hasOwn(CONTENT_KINDS, key) ? (CONTENT_KINDS as Record<string, ContentKind>)[key] : undefined;
}
