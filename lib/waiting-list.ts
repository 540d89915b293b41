import 'server-only';
import { call, isApiError, readApiErrorBody, type ClientKind } from '@/lib/backend';
import { WAITING_LIST_MESSAGES, type Offer } from '@/contract/api/waiting-list';

/**
 * The offer behind a waiting-list link (the `offer` endpoint, ?t=): the offer, or the
 * backend's refusal (forged 404, taken 409, expired 410) with its message. Reading never takes it.
 */
export type OfferLookup = { ok: true; offer: Offer } | { ok: false; status: number; message: string };

const ID = /^[0-9a-f-]{36}$/;

export async function getOffer(id: string, token: string | undefined, client: ClientKind = 'visitor'): Promise<OfferLookup> {
  if (!ID.test(id) || !token) return { ok: false, status: 404, message: WAITING_LIST_MESSAGES.offerNotFound };
  try {
    const { data } = await call('offer', { params: { id }, query: { t: token } }, { client });
    return { ok: true, offer: data };
  } catch (error) {
    if (isApiError(error) && [404, 409, 410].includes(error.status)) {
      return { ok: false, status: error.status, message: readApiErrorBody(error.body).message ?? WAITING_LIST_MESSAGES.offerNotFound };
    }
    throw error;
  }
}
