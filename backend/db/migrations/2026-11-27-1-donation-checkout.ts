import type { Kysely, Migration } from 'kysely';

/**
 * Donations through Paystack's checkout (issue 27): a donation is stored `pending` before the donor
 * goes to Paystack's page, and becomes `succeeded`, `failed`, `abandoned` or `review` from what
 * Paystack reports (the return page, the webhook, the drain's reconciliation).
 * - `channel`, `gateway_response`, `paid_at`: how and when it was paid, as Paystack says;
 * - `authorization_url`: the checkout page the donor was sent to (a replayed request gets it again);
 * - `checked_at`: when the reconciliation last asked Paystack (and the claim that stops two
 *   instances asking at once);
 * - one row per gateway reference (the webhook and the return page find the donation by it), and an
 *   index for the reconciliation's "pending, oldest first".
 * Card columns stay: the sandbox keeps last four digits and brand; a Paystack card payment records
 * the same from Paystack's answer, other channels leave them empty.
 */
export const donationCheckout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('donations').addColumn('channel', 'text').execute();
    await db.schema.alterTable('donations').addColumn('gateway_response', 'text').execute();
    await db.schema.alterTable('donations').addColumn('paid_at', 'text').execute();
    await db.schema.alterTable('donations').addColumn('authorization_url', 'text').execute();
    await db.schema.alterTable('donations').addColumn('checked_at', 'text').execute();
    await db.schema.createIndex('donations_gateway_reference_idx').on('donations').column('gateway_reference').unique().execute();
    await db.schema.createIndex('donations_status_created_idx').on('donations').columns(['status', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('donations_status_created_idx').ifExists().execute();
    await db.schema.dropIndex('donations_gateway_reference_idx').ifExists().execute();
    for (const column of ['checked_at', 'authorization_url', 'paid_at', 'gateway_response', 'channel']) {
      await db.schema.alterTable('donations').dropColumn(column).execute();
    }
  },
};
