import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { call, isApiError, type InputOf } from '@/lib/backend';
import type { InboxItem, InboxKind, InboxPage, InboxQuery } from '@/contract/api/inbox';
import { load, type Loaded } from './admin';

/**
 * The inbox's reads and writes through the one API client, with the visitor's staff session
 * (contract/api/inbox.ts). Built-in backend only: where the backend does not offer it
 * (capabilities().inbox false) the pages say so first and never call these.
 */
export const itemPath = (kind: InboxKind, id: string) => `/staff/inbox/${kind}/${encodeURIComponent(id)}`;

export const loadInbox = (query: InboxQuery): Promise<Loaded<InboxPage>> =>
  load(() =>
    call('inbox', {
      query: { page: query.page, ...(query.kind ? { kind: query.kind } : {}), ...(query.status ? { status: query.status } : {}), ...(query.overdue ? { overdue: 1 } : {}) },
    }),
  );

/** One item; its absence (or a deletion on request) is the page's 404. */
export async function loadInboxItem(kind: InboxKind, id: string): Promise<Loaded<InboxItem>> {
  try {
    return { kind: 'ok', data: (await call('inboxItem', { params: { kind, id } })).data };
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    if (isApiError(error) && error.status === 401) redirect('/staff/login');
    return load(() => Promise.reject(error));
  }
}

export type InboxChange =
  | { path: 'status'; body: InputOf<'inboxStatus'>['body'] }
  | { path: 'notes'; body: InputOf<'inboxNote'>['body'] }
  | { path: 'replies'; body: InputOf<'inboxReply'>['body'] };

/** A change to one item: the API's answer (its message says what happened). */
export async function changeInboxItem(kind: InboxKind, id: string, change: InboxChange): Promise<{ message?: string }> {
  const params = { kind, id };
  switch (change.path) {
    case 'status':
      return call('inboxStatus', { params, body: change.body });
    case 'notes':
      return call('inboxNote', { params, body: change.body });
    case 'replies':
      return call('inboxReply', { params, body: change.body });
  }
}
