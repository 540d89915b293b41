import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { apiClient, isApiError } from '@/lib/backend';
import { inboxItemResultSchema, inboxListResultSchema, type InboxItem, type InboxKind, type InboxPage, type InboxQuery } from '@/contract/api/inbox';
import { load, type Loaded } from './admin';

/**
 * The inbox's reads and writes through the one API client, with the visitor's staff session
 * (contract/api/inbox.ts). Built-in backend only: with API_BASE_URL the pages say so first
 * (lib/staff/publishing.ts) and never call these.
 */
export const itemPath = (kind: InboxKind, id: string) => `/staff/inbox/${kind}/${encodeURIComponent(id)}`;
const apiPath = (kind: InboxKind, id: string, what = '') => `/api/admin/inbox/${kind}/${encodeURIComponent(id)}/${what ? `${what}/` : ''}`;

export const loadInbox = (query: InboxQuery): Promise<Loaded<InboxPage>> =>
  load(() =>
    apiClient.get('/api/admin/inbox/', {
      query: { page: query.page, ...(query.kind ? { kind: query.kind } : {}), ...(query.status ? { status: query.status } : {}), ...(query.overdue ? { overdue: 1 } : {}) },
      schema: inboxListResultSchema,
    }),
  );

/** One item; its absence (or a deletion on request) is the page's 404. */
export async function loadInboxItem(kind: InboxKind, id: string): Promise<Loaded<InboxItem>> {
  try {
    return { kind: 'ok', data: (await apiClient.get(apiPath(kind, id), { schema: inboxItemResultSchema })).data };
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    if (isApiError(error) && error.status === 401) redirect('/staff/login');
    return load(() => Promise.reject(error));
  }
}

export type InboxChange = { path: 'status'; body: { status: string } } | { path: 'notes'; body: { body: string } } | { path: 'replies'; body: { body: string; requestKey: string } };

/** A change to one item: the API's answer (its message says what happened). */
export async function changeInboxItem(kind: InboxKind, id: string, change: InboxChange): Promise<{ message?: string }> {
  return apiClient.post(apiPath(kind, id, change.path), change.body, { schema: inboxItemResultSchema });
}
