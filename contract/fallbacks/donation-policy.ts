import type { DonationPolicy } from '@/contract/content/schemas';
import { DONATION_EMAIL_WITHIN_HOURS, DONATION_PROCESSING_BUSINESS_DAYS } from '@/contract/festival';

/**
 * The donation receipt and refund policy (issue 16), shown on /donations and meant for the
 * receipt mail too (the mail builder reads the same text through lib/content or the seed).
 */
export const donationPolicyFallback: DonationPolicy = {
  receipt: [
    `We email a receipt to the address you give within ${DONATION_EMAIL_WITHIN_HOURS} hours. It shows the amount in naira, the date, ` +
      'the last four digits of the card and the payment reference.',
    'Keep it: it is your record of the gift. If it does not arrive, check your spam folder, then write to us with the payment reference.',
  ],
  refund: [
    'If you gave the wrong amount, or a payment was taken twice, write to us within 30 days with the payment reference and we will ' +
      `refund it to the same card. Refunds are processed in ${DONATION_PROCESSING_BUSINESS_DAYS} business days; your bank may take a few days more to show them.`,
    'Otherwise donations are not refundable once they have been spent on the festival’s free programme, but ask us and we will always look at your case.',
    'We never ask for your card details by phone, email or WhatsApp.',
  ],
};
