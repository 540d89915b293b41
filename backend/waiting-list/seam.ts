import type { WaitingListSeam } from '../kernel/seams';
import { offerFreedPlaces, offerNextIn } from './service';

/** What the waiting list offers other features (kernel/seams.ts WaitingListSeam), passed in by app.ts. */
export const waitingListSeam: WaitingListSeam = {
  offerNextIn: async (trx, edition, now, reason) => (await offerNextIn(trx, edition, now, reason)) !== undefined,
  offerFreedPlaces,
};
