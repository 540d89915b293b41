import type { Visit } from '@/contract/content/schemas';

/**
 * /visit: where the festival is and how to get there (issue 16).
 *
 * ⚠ FESTIVAL TO CONFIRM: every line marked "TO CONFIRM" below is our best public knowledge, not
 * the festival's word: the venue's exact address and map pin, gate times, parking, the rooms'
 * access and what interpretation is offered. Replace them with the real details before the
 * edition (at /staff/content, or here for a fresh machine's seed: the built-in backend seeds its content entries from this file once).
 */
export const visitFallback: Visit = {
  venue: {
    name: 'Centenary Hall', // TO CONFIRM
    streetAddress: 'Ake Palace Road, Ake', // TO CONFIRM
    locality: 'Abeokuta',
    region: 'Ogun State',
    postalCode: '110101', // TO CONFIRM
    country: 'NG',
    latitude: 7.1597, // TO CONFIRM: the pin of the main gate
    longitude: 3.3482, // TO CONFIRM
  },
  intro:
    'The festival fills Centenary Hall and its grounds in Ake, the old heart of Abeokuta, beside the Alake’s palace. ' +
    'Entry is free with your festival wristband.',
  directions: [
    {
      title: 'By road from Lagos (about 2 hours)',
      body:
        'Take the Lagos–Abeokuta Expressway through Sango-Ota and Itori into Abeokuta, then follow signs for Panseke ' +
        'and Ake. Allow extra time at rush hour: traffic at Sango and Ota can add an hour.', // TO CONFIRM
    },
    {
      title: 'By road from Ibadan (about 1 hour 30 minutes)',
      body:
        'Take the Ibadan–Abeokuta road through Odeda into Abeokuta, then continue through Kuto towards Ake.', // TO CONFIRM
    },
    {
      title: 'By public transport',
      body:
        'Buses and shared taxis leave for Abeokuta from Ojota and Oshodi in Lagos and from Iwo Road in Ibadan; ask for ' +
        'Kuto or Panseke. From there a keke (tricycle) or a taxi to “Ake, Centenary Hall” takes about 10 minutes. ' +
        'The Lagos–Ibadan train stops at Abeokuta Papalanto station; taxis wait outside.', // TO CONFIRM
    },
  ],
  parking:
    'There is limited free parking in the grounds, kept first for blue-badge holders and people with reduced mobility. ' +
    'Other cars park at the overflow field signposted from Ake Palace Road, a 5-minute level walk away. ' + // TO CONFIRM
    'Please do not park on the palace road: it must stay clear for emergency vehicles.',
  openingHours: [
    { day: 0, opens: '09:00', closes: '22:00', note: 'Gates open 30 minutes before the opening reading.' }, // TO CONFIRM
    { day: 1, opens: '10:00', closes: '23:00', note: 'The closing concert ends at about 22:00.' }, // TO CONFIRM
  ],
  bring: [
    'Your wristband, or your registration email with its ticket reference: we exchange it for a wristband at the gate.',
    'Water and a hat or umbrella: several sessions are outdoors.',
    'Cash in small notes for the book market and food stalls (some take transfers and cards).',
    'A bag for the books you will buy.',
  ],
  accessibility: [
    {
      title: 'Step-free routes',
      body:
        'The Main Hall, the Exhibition Hall and the open-air stage can be reached without steps from the main gate, ' +
        'along a paved path with a ramp at the Main Hall entrance. The courtyard stage has two steps; a portable ramp is ' +
        'fitted on request.', // TO CONFIRM
    },
    {
      title: 'Seating',
      body:
        'Every venue keeps seats at the front and at the end of rows for people who cannot stand for long, for wheelchair ' +
        'users and their companions. Ask a volunteer in a yellow T-shirt and they will find you one.',
    },
    {
      title: 'Toilets',
      body: 'There are accessible toilets beside the Main Hall and at the food court, with grab rails and room for a wheelchair.', // TO CONFIRM
    },
    {
      title: 'Quiet space',
      body:
        'A quiet room in the Exhibition Hall building is open all day for anyone who needs a break from noise and crowds. ' +
        'Ear defenders are available at the information desk.', // TO CONFIRM
    },
    {
      title: 'Interpretation',
      body:
        'The opening reading and the panel conversations in the Main Hall are interpreted into Nigerian Sign Language. ' +
        'Readings in Yorùbá have an English summary read afterwards.', // TO CONFIRM
    },
    {
      title: 'Asking for help',
      body:
        'Find the information desk at the main gate, ask any volunteer in a yellow T-shirt, or write to us before you come ' +
        'through the contact page (choose “Visiting the festival”) and tell us what would help: we will plan it with you.',
    },
  ],
  faq: [
    {
      question: 'Is the festival really free?',
      answer: 'Yes. Every session is free; register once for a wristband that admits you to the whole festival.',
    },
    {
      question: 'Can I bring children?',
      answer:
        'Please do. Children under 12 come in free with a registered adult and do not need their own wristband. The ' +
        'children’s corner runs story hours on both days.',
    },
    {
      question: 'Can I come for one day only?',
      answer: 'Yes. The wristband is valid for the whole festival; come and go as you like.',
    },
    {
      question: 'Is there food?',
      answer: 'Yes: a food court with stalls from Abeokuta’s bukas, and drinking water at the information desk.',
    },
    {
      question: 'What if it rains?',
      answer: 'Indoor sessions go ahead as planned; outdoor sessions move indoors or under cover, announced at the gate and on this site.',
    },
    {
      question: 'I have lost my wristband or ticket reference. What do I do?',
      answer: 'Come to the information desk with the email address you registered with; we will find your registration.',
    },
  ],
};
