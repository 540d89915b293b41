import { z } from 'zod';
import { text } from '@/contract/text';
import { DONATION_CURRENCY } from '@/contract/festival';
import { EMAIL_RULES, NAME_RULES, PHONE_RULES } from '@/contract/forms/field-rules';
import { MESSAGES } from '@/contract/forms/messages';
import { CONTROL_CHARACTERS, isOneLine, textField } from '@/contract/forms/rules';
import {
  amountField,
  contactFormSchema,
  donationFormSchema,
  newsletterFormSchema,
  partnershipFormSchema,
  registrationFormSchema,
  volunteerFormSchema,
} from '@/contract/forms/schemas';

/**
 * The form part of the /api contract (spec §3, §7): the payloads POST /api/forms/* accepts, as the
 * backend validates them and the site sends them. Built on the forms' field rules (contract/forms), so a
 * field gives the same message in the browser, the site and the backend; kept here, apart from the
 * forms, because these are the contract's shapes (nested donor and card, submittedAt), not a form's.
 */
const name = () => textField(NAME_RULES);
const email = () => textField(EMAIL_RULES);
const phone = () => textField(PHONE_RULES);

/** ISO timestamp the client stamps; the backend keeps its own receive time as well. */
const submittedAt = () =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return new Date().toISOString();
      if (typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) && /^\d{4}-\d{2}-\d{2}T/.test(raw)) {
        return new Date(raw).toISOString();
      }
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
      return z.NEVER;
    });

export const newsletterPayloadSchema = newsletterFormSchema;

export const registrationPayloadSchema = registrationFormSchema.extend({ submittedAt: submittedAt() });

export const partnershipPayloadSchema = partnershipFormSchema.extend({ submittedAt: submittedAt() });

export const volunteerPayloadSchema = volunteerFormSchema.extend({ submittedAt: submittedAt() });

export const contactPayloadSchema = contactFormSchema.extend({ submittedAt: submittedAt() });

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
export type PartnershipPayload = z.output<typeof partnershipPayloadSchema>;
export type VolunteerPayload = z.output<typeof volunteerPayloadSchema>;
export type ContactPayload = z.output<typeof contactPayloadSchema>;
export type DonationPayload = z.output<typeof donationPayloadSchema>;
