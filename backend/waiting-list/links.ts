import { offerLinkPath } from '@/contract/api/waiting-list';
import type { Signer } from '../kernel/signing';

/**
 * A waiting-list offer's link: `/register/offer/<id>?t=<token>`, the token an HMAC of the entry's
 * id and the instant it was offered, under the server secret (like a ticket link): nothing secret
 * is stored, a guessed or altered link is refused, and since an entry is offered at most once the
 * token names that one offer.
 */
const offerValue = (id: string, offeredAt: string) => `${id}\n${offeredAt}`;

export function offerToken(signer: Signer, id: string, offeredAt: string): string {
  return signer.sign('offer', offerValue(id, offeredAt));
}

export function verifyOfferToken(signer: Signer, id: string, offeredAt: string, token: string | undefined | null): boolean {
  return signer.verify('offer', offerValue(id, offeredAt), token);
}

export function offerUrl(signer: Signer, siteUrl: string, id: string, offeredAt: string): string {
  return `${siteUrl}${offerLinkPath(id, offerToken(signer, id, offeredAt))}`;
}
