import type { About } from '@/contract/content/schemas';
import { FIRST_EDITION_YEAR } from '@/contract/festival';

/**
 * The about page (static: no API endpoint serves it). Team NAMES are placeholders the festival
 * replaces with its own people; while one of them is shown, the page says so (isExampleTeamName);
 * roles and bios describe the work those roles do. The timeline is history: its last entry is the first
 * festival, dated by FIRST_EDITION_YEAR, from which every edition's number is counted.
 */
export const aboutFallback: About = {
  mission:
    'To put good books and living art within reach of everyone in Abeokuta and beyond: free to attend, rooted in ' +
    'Yorùbá and Nigerian storytelling, and open to every reader, from the child borrowing her first book to the ' +
    'writer launching her fifth.',
  vision:
    'A Nigeria where every town has a place to read, a stage for its poets and an audience for its artists, and ' +
    'where a creative life is a livelihood, not a gamble.',
  statistics: [
    { value: '4', label: 'Years of activity' },
    { value: '8+', label: 'Events hosted' },
    { value: '1,000+', label: 'Participants' },
  ],
  timeline: [
    {
      year: 2021,
      title: 'A book club becomes a movement',
      body: 'Twelve friends start a monthly reading circle in a living room in Oke-Ilewo and agree to keep every meeting open to anyone who turns up.',
    },
    {
      year: 2022,
      title: 'The first public readings',
      body: 'The circle moves into community halls and school compounds, hosts its first author reading and its first open mic, and begins collecting books for schools.',
    },
    {
      year: 2023,
      title: 'Ìtàn gets its name',
      body: 'We take the name Ìtàn, “story”, launch the bi-monthly events and run our first visual art workshop with adire makers in Itoku.',
    },
    {
      year: 2024,
      title: 'Partners, volunteers and a plan',
      body: 'Booksellers, publishers and a growing team of volunteers join us; we pilot Reading Rooms in one school and commit to a full festival.',
    },
    {
      year: FIRST_EDITION_YEAR,
      title: 'The inaugural festival',
      body: 'Three Reading Rooms open, the bi-monthly series fills every room, and the first Ìtàn Book & Arts Festival takes over Centenary Hall in Ake.',
    },
  ],
  team: [
    { name: 'Adébáyọ̀ Ọláṣùpọ̀', role: 'Festival Director', bio: 'Sets the festival’s direction and keeps its doors free.' },
    { name: 'Folake Ògúnlànà', role: 'Programme Director', bio: 'Curates the readings, panels and performances.' },
    { name: 'Emeka Nwosu', role: 'Head of Partnerships', bio: 'Works with publishers, booksellers and sponsors.' },
    { name: 'Zainab Bello', role: 'Literacy Programme Lead', bio: 'Runs Reading Rooms and the school story hours.' },
    { name: 'Tèmítọ́pẹ́ Ṣóbọ̀wálé', role: 'Visual Arts Curator', bio: 'Leads the exhibitions and artist workshops.' },
    { name: 'Kúnlé Adéwálé', role: 'Operations Manager', bio: 'Venues, logistics and everything that must not go wrong.' },
    { name: 'Ngozi Eze', role: 'Communications Lead', bio: 'Newsletter, social media and the festival’s voice.' },
    { name: 'Ìbùkún Fáṣọlá', role: 'Volunteer Coordinator', bio: 'Recruits, trains and looks after our volunteers.' },
    { name: 'Yusuf Abdullahi', role: 'Finance & Grants Officer', bio: 'Keeps the books balanced and the grants reported.' },
    { name: 'Moyọ̀ Akínṣọlá', role: 'Podcast & Media Producer', bio: 'Records the podcast and documents every event.' },
  ],
};

/** What /about says while a placeholder name is shown (issue 40: the seed says plainly where its details are examples). */
export const EXAMPLE_TEAM_TEXT = {
  note: 'Names marked “Example name” are placeholders, shown until the festival introduces its own team. The roles are the ones the festival fills.',
  mark: 'Example name',
} as const;

const EXAMPLE_TEAM_NAMES = new Set(aboutFallback.team.map((m) => m.name));

/** Whether a team member's name is one of the seed's placeholders (kept until staff replace it). */
export function isExampleTeamName(name: string): boolean {
  return EXAMPLE_TEAM_NAMES.has(name);
}
