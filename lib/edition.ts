import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { editionFrom, editionStatus, type Edition, type EditionStatus } from '@/contract/edition';
import { call, capabilities } from '@/lib/backend';
import { getConfig } from '@/lib/config';
import { logger } from '@/lib/log';

export { configuredEdition } from '@/lib/config';

/**
 * Where the festival's year stands, for every page that shows dates or offers registration
 * (issue 28). Where the backend offers it (capabilities().editionStatus: the built-in one), its
 * `edition` endpoint: staff settings in the database win over configuration, and it knows the places
 * left. With the festival's own backend (API_BASE_URL), which has no such endpoint: configuration
 * alone, and "sold out" is that backend's answer to a registration. Either way one clock decides
 * (FESTIVAL_NOW or the real time). One call per render.
 */
export const getEditionStatus = cache(async (): Promise<EditionStatus> => {
  if (capabilities().editionStatus) {
    try {
      return (await call('edition', {}, { client: 'lookup' })).data;
    } catch (error) {
      unstable_rethrow(error);
      logger('edition').warn(`the backend did not answer; using configuration: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return configuredEditionStatus();
});

/** The current edition (dates, venue, capacity, window). */
export const getEdition = async (): Promise<Edition> => (await getEditionStatus()).edition;

function configuredEditionStatus(): EditionStatus {
  const config = getConfig();
  const now = config.now();
  return editionStatus(editionFrom(config.editionSettings, now), now, null, false);
}
