'use server';

import { redirect } from 'next/navigation';
import { WAITING_ENTRY_ID_PATTERN, WAITING_LIST_ADMIN_MESSAGES } from '@/contract/api/waiting-list';
import { call, isApiError } from '@/lib/backend';
import { staffRedirectAction, type Posted } from '@/lib/staff/action';
import type { WaitingListDone, WaitingListRefused } from '@/lib/staff/waiting-list-messages';

const PAGE = '/staff/waiting-list';

const idOf = (posted: Posted): string | undefined => {
  const id = typeof posted.id === 'string' ? posted.id : '';
  return WAITING_ENTRY_ID_PATTERN.test(id) ? id : undefined;
};

/** The backend's refusal, as the page's word for it (the page says it; nothing posted is echoed into the address). */
function refusedOf(error: unknown): WaitingListRefused {
  if (!isApiError(error)) return 'failed';
  if (error.status === 404) return 'not-found';
  if (error.status !== 409) return 'failed';
  const message = (error.body as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string') return 'failed';
  if (message.startsWith('Not enough wristbands')) return 'not-free';
  if (message === WAITING_LIST_ADMIN_MESSAGES.registrationNotOpen) return 'not-open';
  if (message === WAITING_LIST_ADMIN_MESSAGES.otherEntryOpen) return 'other-entry';
  if (message === WAITING_LIST_ADMIN_MESSAGES.notOffered) return 'not-offered';
  return 'not-offerable';
}

/** Runs the change and says what happened on the list; a refusal is said in the page's words. */
async function changed(endpoint: 'waitingListOffer' | 'waitingListWithdraw', done: WaitingListDone, posted: Posted): Promise<void> {
  const id = idOf(posted);
  if (!id) redirect(`${PAGE}?refused=${'not-found' satisfies WaitingListRefused}`);
  await call(endpoint, { params: { id } });
  redirect(`${PAGE}?done=${done}`);
}

/**
 * An offer made by hand, or an open offer withdrawn (issue 43): admins only, checked here (an
 * action is its own endpoint) and again by the backend, which audits the change. Each answers with
 * a redirect to the list saying what happened, so a reload never posts again.
 */
export const offerByHandAction = staffRedirectAction({
  role: 'admin',
  page: PAGE,
  run: ({ posted }) => changed('waitingListOffer', 'offered', posted),
  failure(error) {
    redirect(`${PAGE}?refused=${refusedOf(error)}`);
  },
});

export const withdrawOfferAction = staffRedirectAction({
  role: 'admin',
  page: PAGE,
  run: ({ posted }) => changed('waitingListWithdraw', 'withdrawn', posted),
  failure(error) {
    redirect(`${PAGE}?refused=${refusedOf(error)}`);
  },
});
