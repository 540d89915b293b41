import 'server-only';
import { redirect } from 'next/navigation';
import { call, isApiError } from '@/lib/backend';
import type { AuditPage, Dashboard, StaffAccount } from '@/contract/api/admin';
import type { CheckInCounts } from '@/contract/api/tickets';
import type { EditionAdmin } from '@/contract/api/edition-admin';
import type { WaitingListView } from '@/contract/api/waiting-list';
import { requestLogger } from '@/lib/log';

/**
 * The staff area's reads, through the one API client with the visitor's staff session. With
 * API_BASE_URL the festival's own backend may not offer these endpoints: a 404 (or 405/501) is
 * "not offered", which the page explains, not an error page.
 */
export type Loaded<T> = { kind: 'ok'; data: T } | { kind: 'unavailable' } | { kind: 'failed' };

const NOT_OFFERED = new Set([404, 405, 501]);

export async function load<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { kind: 'ok', data: await read() };
  } catch (error) {
    if (isApiError(error) && NOT_OFFERED.has(error.status)) return { kind: 'unavailable' };
    // The session ended (or the role changed) between the page's check and this read.
    if (isApiError(error) && error.status === 401) redirect('/staff/login');
    if (isApiError(error) && error.status === 403) redirect('/staff');
    (await requestLogger('staff')).warn(error instanceof Error ? error.message : String(error));
    return { kind: 'failed' };
  }
}

export const loadDashboard = (): Promise<Loaded<Dashboard>> =>
  load(async () => (await call('dashboard')).data);

export const loadCheckInCounts = (): Promise<Loaded<CheckInCounts>> =>
  load(async () => (await call('checkInCounts')).data);

export const loadAccounts = (): Promise<Loaded<StaffAccount[]>> =>
  load(async () => (await call('staffAccounts')).data);

export const loadAudit = (page: number): Promise<Loaded<AuditPage>> =>
  load(() => call('audit', { query: { page } }));

export const loadEditionAdmin = (): Promise<Loaded<EditionAdmin>> =>
  load(async () => (await call('editionAdmin')).data);

export const loadWaitingList = (): Promise<Loaded<WaitingListView>> =>
  load(async () => (await call('waitingListAdmin')).data);
