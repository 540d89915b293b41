import type { ContactInfo } from '@/contract/content/schemas';

/**
 * /contact: the festival's own addresses (issue 16).
 * ⚠ FESTIVAL TO CONFIRM: the email, phone and WhatsApp number and the social accounts below are
 * placeholders (example.org, the Nigerian 0700 range) to be replaced with the real ones. Until
 * then the page says so (`note`); remove the note with the placeholders.
 */
export const contactInfoFallback: ContactInfo = {
  email: 'hello@itanfestival.example.org', // TO CONFIRM
  phone: '+234 700 000 4826', // TO CONFIRM
  whatsapp: '2347000004826', // TO CONFIRM
  postalAddress: 'Ìtàn Festival, c/o Centenary Hall, Ake, Abeokuta, Ogun State, Nigeria', // TO CONFIRM
  note: 'These contact details are examples, shown until the festival publishes its own. The form below reaches the festival’s team.',
  social: [
    { label: 'Instagram', url: 'https://www.instagram.com/itanfestival' }, // TO CONFIRM
    { label: 'X (Twitter)', url: 'https://x.com/itanfestival' }, // TO CONFIRM
    { label: 'Facebook', url: 'https://www.facebook.com/itanfestival' }, // TO CONFIRM
    { label: 'YouTube', url: 'https://www.youtube.com/@itanfestival' }, // TO CONFIRM
  ],
};
