import type { DonationPayload } from '@/contract/api/forms';
import type { Db } from '../db/schema';

/** A charged donation. Only the card's last four digits and brand are given, never more. */
export interface NewDonation {
  id: string;
  amountKobo: number;
  donor: DonationPayload['donor'];
  cardHolder: string;
  cardLast4: string;
  cardBrand: string;
  gateway: string;
  gatewayReference: string;
  source: string;
}

export async function createDonation(db: Db, input: NewDonation, now: string) {
  const row = {
    id: input.id,
    amount_kobo: input.amountKobo,
    currency: 'NGN',
    first_name: input.donor.firstName,
    last_name: input.donor.lastName,
    email: input.donor.email.toLowerCase(),
    phone: input.donor.phone,
    street: input.donor.address.street,
    city: input.donor.address.city,
    state: input.donor.address.state,
    zipcode: input.donor.address.zipcode,
    card_holder: input.cardHolder,
    card_last4: input.cardLast4,
    card_brand: input.cardBrand,
    gateway: input.gateway,
    gateway_reference: input.gatewayReference,
    status: 'succeeded',
    source: input.source,
    created_at: now,
  };
  await db.insertInto('donations').values(row).execute();
  return row;
}
