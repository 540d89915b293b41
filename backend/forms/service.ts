import {
  contactPayloadSchema,
  partnershipPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import type { FormFlow } from '../kernel/form-flow';
import { newId, nowIso } from '../kernel/ids';
import { FORM_MESSAGES, success } from '../kernel/results';
import { enqueue } from '../outbox/queue';
import { partnershipAckMail } from './partnership-ack-mail';
import { createContactMessage, createPartnership, createVolunteerApplication } from './queries';
import { volunteerAckMail } from './volunteer-ack-mail';

/**
 * The flows of the forms that reach the staff inbox (POST /api/forms/partnerships, /volunteer and
 * /contact, spec §7): each writes its row and the acknowledgement it owes in one transaction
 * (`ctx.commit`, which also records an Idempotency-Key's answer) and decides the contract's
 * answer. The other form endpoints' flows live with their features (tickets/register.ts,
 * newsletter/sign-up.ts, donations/service.ts); app.ts mounts them all under /forms.
 */
export function partnershipFlow(): FormFlow<typeof partnershipPayloadSchema> {
  return {
    schema: partnershipPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createPartnership(trx, data, nowIso());
        await enqueue(trx, partnershipAckMail.entry(row.email, { partnershipId: row.id }));
        return success('partnershipId', row.id, FORM_MESSAGES.partnership, {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          organization: row.organization,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('partnershipId', newId(), FORM_MESSAGES.partnership, {}),
  };
}

export function volunteerFlow(): FormFlow<typeof volunteerPayloadSchema> {
  return {
    schema: volunteerPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createVolunteerApplication(trx, data, nowIso());
        await enqueue(trx, volunteerAckMail.entry(row.email, { volunteerId: row.id }));
        return success('volunteerId', row.id, FORM_MESSAGES.volunteer, {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          roles: JSON.parse(row.roles) as string[],
          availability: row.availability,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('volunteerId', newId(), FORM_MESSAGES.volunteer, {}),
  };
}

export function contactFlow(): FormFlow<typeof contactPayloadSchema> {
  return {
    schema: contactPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createContactMessage(trx, data, nowIso());
        return success('contactId', row.id, FORM_MESSAGES.contact, {
          id: row.id,
          topic: row.topic,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('contactId', newId(), FORM_MESSAGES.contact, {}),
  };
}
