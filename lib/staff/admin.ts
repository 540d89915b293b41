import 'server-only';
import { redirect } from 'next/navigation';
import { apiClient, isApiError } from '@/lib/backend';
import {
  auditResultSchema,
  dashboardResultSchema,
  staffListResultSchema,
  type AuditPage,
  type Dashboard,
  type StaffAccount,
} from '@/contract/api/admin';
import { checkInCountsResultSchema, type CheckInCounts } from '@/contract/api/tickets';
import { editionAdminResultSchema, type EditionAdmin } from '@/contract/api/edition-admin';
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
  load(async () => (await apiClient.get('/api/admin/dashboard/', { schema: dashboardResultSchema })).data);

export const loadCheckInCounts = (): Promise<Loaded<CheckInCounts>> =>
  load(async () => (await apiClient.get('/api/admin/check-ins/', { schema: checkInCountsResultSchema })).data);

export const loadAccounts = (): Promise<Loaded<StaffAccount[]>> =>
  load(async () => (await apiClient.get('/api/admin/staff/', { schema: staffListResultSchema })).data);

export const loadAudit = (page: number): Promise<Loaded<AuditPage>> =>
  load(() => apiClient.get('/api/admin/audit/', { query: { page }, schema: auditResultSchema }));

export const loadEditionAdmin = (): Promise<Loaded<EditionAdmin>> =>
  load(async () => (await apiClient.get('/api/admin/edition/', { schema: editionAdminResultSchema })).data);
