import type { Privacy } from '@/contract/content/schemas';

/**
 * /privacy: the privacy notice the Nigeria Data Protection Act 2023 (NDPA) asks for, in plain
 * English (issue 16). It must match what the site does: the forms in contract/forms, the tables in
 * backend/db, the data-request tool (npm run data-request). Change both together.
 *
 * ⚠ FESTIVAL TO CONFIRM: the controller's legal name, registered address and privacy email, and
 * the mail provider and hosting named in "Who receives your data" (TO CONFIRM below).
 */
export const privacyFallback: Privacy = {
  updated: '2026-11-24',
  note: 'The controller’s legal name, address and privacy email, and the providers named under “Who receives your data”, are examples, shown until the festival publishes its own.',
  summary:
    'We collect only what each form needs, use it only for that, never sell it, and delete it when we no longer need it. ' +
    'You can ask to see, correct or delete everything we hold about you at any time.',
  controller: {
    name: 'Ìtàn Book & Arts Festival (Ìtàn Festival)', // TO CONFIRM: the registered legal name
    address: 'c/o Centenary Hall, Ake, Abeokuta, Ogun State, Nigeria', // TO CONFIRM
    email: 'privacy@itanfestival.example.org', // TO CONFIRM
  },
  forms: [
    {
      form: 'Registration (free wristband)',
      collects: 'Name, email address, phone number, number of tickets',
      purpose: 'To issue your wristband, check you in at the gate, and contact you about changes to the festival.',
      lawfulBasis: 'Contract: you asked us for a ticket.',
      kept: 'Until 12 months after the edition you registered for, then deleted.',
    },
    {
      form: 'Donation',
      collects: 'Name, email address, phone number, postal address, amount, the last four digits and brand of your card (never the full number or security code)',
      purpose: 'To take your payment, send your receipt, and keep the accounts the law requires.',
      lawfulBasis: 'Contract (your payment) and legal obligation (financial records).',
      kept: 'Six years after the donation (tax and accounting records), then deleted.',
    },
    {
      form: 'Partnership proposal',
      collects: 'Name, email address, phone number, organisation, your proposal',
      purpose: 'To consider your proposal and reply to you.',
      lawfulBasis: 'Legitimate interest: answering people who write to us about working together.',
      kept: 'Two years after our last exchange, then deleted.',
    },
    {
      form: 'Volunteer application',
      collects: 'Name, email address, phone number, the roles and days you choose, your message',
      purpose: 'To match you with a role, plan the volunteer rota and contact you about it.',
      lawfulBasis: 'Consent, which you can withdraw at any time.',
      kept: 'Until 12 months after the edition you applied for, then deleted.',
    },
    {
      form: 'Newsletter',
      collects: 'Email address, when you subscribed, when you confirmed through the link we email you (your consent) and, if you do, when you unsubscribed',
      purpose: 'To send you festival news about once a month.',
      lawfulBasis: 'Consent, which you withdraw with the unsubscribe link in every newsletter.',
      kept: 'While you are subscribed. An address not confirmed within 30 days is deleted. After you unsubscribe we keep only the address and the date, so that we never write to you again; ask us and we delete that too.',
    },
    {
      form: 'Contact form',
      collects: 'Name, email address, the topic and your message',
      purpose: 'To answer you.',
      lawfulBasis: 'Legitimate interest: answering the questions people send us.',
      kept: 'Two years after our last exchange, then deleted.',
    },
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      paragraphs: [
        'The Ìtàn Book & Arts Festival is the data controller for the personal data collected on this website: we decide why and how it is used. ' +
          'Our contact details are at the end of this notice.',
      ],
    },
    {
      id: 'what-we-do-not-do',
      title: 'What we do not do',
      paragraphs: ['We keep it simple:'],
      items: [
        'We do not sell or rent your data to anyone.',
        'We do not use advertising or tracking cookies, and this site loads no third-party scripts or maps.',
        'We do not make automated decisions about you.',
        'We do not ask children under 13 for their details: a parent or guardian registers for them.',
      ],
    },
    {
      id: 'who-receives-it',
      title: 'Who receives your data',
      paragraphs: [
        'Only the people and services who need it to do what you asked, each bound by a contract to protect it:',
      ],
      items: [
        'Paystack (Paystack Payments Limited, Lagos) processes card payments for donations. Your card details go to Paystack, not to us.',
        'Our email provider sends your confirmation, ticket and receipt emails, and newsletters if you subscribe.', // TO CONFIRM: name the provider
        'Our hosting provider stores the website and its database.', // TO CONFIRM: name the provider and the country of its servers
        'Festival organisers and, for volunteer and gate check-in work, trained volunteers, who see only what their task needs.',
      ],
    },
    {
      id: 'outside-nigeria',
      title: 'Data stored outside Nigeria',
      paragraphs: [
        'If a service we use stores data outside Nigeria, we make sure the transfer meets the conditions of the NDPA 2023 (Part VIII), ' +
          'for example a country with adequate protection or contractual safeguards. Ask us and we will tell you where your data is.',
      ],
    },
    {
      id: 'security',
      title: 'How we protect it',
      paragraphs: [
        'The site is served only over encrypted connections (HTTPS). Access to submissions is limited to festival staff with their own accounts. ' +
          'Card numbers and security codes are never stored, logged or shown. If a breach ever put your data at risk, we would tell the ' +
          'Nigeria Data Protection Commission within 72 hours and tell you without delay.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      paragraphs: ['Under the NDPA 2023 you have the right to:'],
      items: [
        'be told what we do with your data (this notice);',
        'get a copy of the data we hold about you (access), in a common format you can take elsewhere (portability);',
        'have anything wrong corrected (correction);',
        'have your data deleted (erasure);',
        'object to our using it, or ask us to limit how we use it;',
        'withdraw your consent at any time, for the newsletter with one click, without affecting what we did before;',
        'complain to the Nigeria Data Protection Commission (NDPC), ndpc.gov.ng, if you think we have not respected your rights.',
      ],
    },
    {
      id: 'how-to-use-them',
      title: 'How to use your rights',
      paragraphs: [
        'Write to us at the privacy email address below, or use the contact form and choose “My personal data”. Tell us the email address ' +
          'you used with us and what you would like. We may ask you to confirm that the address is yours. We answer within 30 days, free of charge.',
        'We can find, export and delete every record linked to your email address: registrations, donations, proposals, volunteer ' +
          'applications, newsletter, contact messages and the emails we sent you. We keep only what the law obliges us to keep ' +
          '(donation accounts), and we tell you when we do.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this notice',
      paragraphs: ['When we change this notice we update the date at the top. If a change affects how we use data you gave us, we will tell you by email first.'],
    },
  ],
};
