import { z } from 'zod';
import { text } from '@/contract/text';
import { DONATION_CURRENCY } from '@/contract/festival';
import { EMAIL_RULES, NAME_RULES, PHONE_RULES } from '@/contract/forms/field-rules';
import { MESSAGES } from '@/contract/forms/messages';
import { CONTROL_CHARACTERS, isOneLine, textField } from '@/contract/forms/rules';
import { amountField, donationFormSchema, newsletterFormSchema, registrationFormSchema } from '@/contract/forms/schemas';
import { submittedAt } from '@/contract/forms/stored/form';

// The stored forms' payloads (partnership, volunteer, contact...): each in its module, contract/forms/stored/.
export { contactPayloadSchema, type ContactPayload } from '@/contract/forms/stored/contact';
export { partnershipPayloadSchema, type PartnershipPayload } from '@/contract/forms/stored/partnership';
export { volunteerPayloadSchema, type VolunteerPayload } from '@/contract/forms/stored/volunteer';

/**
 * The form part of the /api contract (spec §3, §7): the payloads POST /api/forms/* accepts, as the
 * backend validates them and the site sends them. Built on the forms' field rules (contract/forms), so a
 * field gives the same message in the browser, the site and the backend; kept here, apart from the
 * forms, because these are the contract's shapes (nested donor and card, submittedAt), not a form's.
 */
const name = () => textField(NAME_RULES);
const email = () => textField(EMAIL_RULES);
const phone = () => textField(PHONE_RULES);

export const newsletterPayloadSchema = newsletterFormSchema;

export const registrationPayloadSchema = registrationFormSchema.extend({ submittedAt: submittedAt() });

export const donationPayloadSchema = z.object({
  amount: amountField(),
  currency: z.unknown().optional().transform((raw, ctx) => {
    if (raw === undefined || raw === DONATION_CURRENCY) return DONATION_CURRENCY;
    ctx.addIssue({ code: 'custom', message: MESSAGES.currencyInvalid });
    return z.NEVER;
  }),
  donor: z.object(
    {
      firstName: name(),
      lastName: name(),
      email: email(),
      phone: phone(),
      address: z.object(
        {
          street: donationFormSchema.shape.streetAddress,
          city: donationFormSchema.shape.city,
          state: donationFormSchema.shape.state,
          zipcode: donationFormSchema.shape.zipcode,
        },
        { error: MESSAGES.required },
      ),
    },
    { error: MESSAGES.required },
  ),
  card: z.object(
    {
      number: donationFormSchema.shape.cardNumber,
      expiry: donationFormSchema.shape.cardExpiry,
      cvc: donationFormSchema.shape.cardCvc,
      holder: donationFormSchema.shape.cardHolder,
    },
    { error: MESSAGES.required },
  ),
  source: text().max(40).refine((v) => !CONTROL_CHARACTERS.test(v) && isOneLine(v), MESSAGES.invalid).optional().default('frontend'),
});

export type RegistrationPayload = z.output<typeof registrationPayloadSchema>;
export type DonationPayload = z.output<typeof donationPayloadSchema>;
