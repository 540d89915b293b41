import type { VolunteerBenefit, VolunteerRole } from '@/contract/content/schemas';

/** The volunteer page's six roles (static: no API endpoint serves them). */
export const volunteerRolesFallback: VolunteerRole[] = [
  {
    id: 'welcome-team',
    title: 'Welcome & Registration Team',
    description:
      'Be the first smile at the gate: check registrations, fit wristbands, answer questions and point guests to the right hall.',
    skills: ['Friendly communication', 'Patience in a queue', 'Basic smartphone use'],
    commitment: 'One 5-hour shift on a festival day',
  },
  {
    id: 'stage-management',
    title: 'Stage & Session Assistant',
    description:
      'Keep readings, panels and performances on time: brief speakers, manage microphones, run the timer and hand over between sessions.',
    skills: ['Timekeeping', 'Calm under pressure', 'Clear speaking voice'],
    commitment: 'Both festival days plus a 2-hour briefing',
  },
  {
    id: 'reading-rooms',
    title: 'Reading Rooms Story Reader',
    description:
      'Read aloud to pupils in our school reading rooms, help pupil librarians keep the borrowing book, and share a love of stories.',
    skills: ['Reading aloud in English or Yorùbá', 'Working with children', 'Reliability'],
    commitment: '2 hours a week during term, for at least one term',
  },
  {
    id: 'exhibition-guide',
    title: 'Exhibition Guide',
    description:
      'Walk visitors through the Indigo & Ink exhibition, explain the adire techniques behind the work and keep the pieces safe.',
    skills: ['Interest in visual art', 'Storytelling', 'Attention to detail'],
    commitment: 'One or two 4-hour shifts during the festival',
  },
  {
    id: 'media-crew',
    title: 'Media & Documentation Crew',
    description:
      'Photograph, film and live-post the festival, gather quotes for our reports and help record podcast conversations.',
    skills: ['Photography or video', 'Social media', 'Own phone or camera'],
    commitment: 'Both festival days; editing time afterwards is optional',
  },
  {
    id: 'logistics',
    title: 'Logistics & Hospitality',
    description:
      'Set up halls and the book market, look after speakers and artists, and keep water, chairs and power where they are needed.',
    skills: ['Physical stamina', 'Problem solving', 'Teamwork'],
    commitment: 'The setup day before the festival and one festival day',
  },
];

/** The volunteer page's six benefits. */
export const volunteerBenefitsFallback: VolunteerBenefit[] = [
  {
    title: 'Be at the heart of the festival',
    description: 'Meet the writers, artists and audiences who make Ìtàn happen, from backstage and front of house.',
  },
  {
    title: 'Training that lasts',
    description: 'Free training in event operations, working with children, and documentation from people who do it for a living.',
  },
  {
    title: 'A certificate and a reference',
    description: 'Every volunteer receives a certificate of service, and regular volunteers a written reference on request.',
  },
  {
    title: 'Meals, water and a festival T-shirt',
    description: 'Lunch on every shift (yes, there will be amala), plenty of water, and the volunteer T-shirt everyone asks about.',
  },
  {
    title: 'Books to take home',
    description: 'Volunteers choose books from our partner booksellers’ stock at the close of the festival.',
  },
  {
    title: 'Friends for life',
    description: 'Join a community of readers and makers in Abeokuta that keeps meeting long after the festival ends.',
  },
];
