/**
 * The inbox's numbers and names, without zod, so client components can show them without bundling
 * the schemas (contract/api/inbox.ts re-exports them).
 */
export const INBOX_KINDS = ['partnership', 'volunteer', 'contact'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_STATUSES = ['new', 'in progress', 'accepted', 'declined', 'done'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_PAGE_SIZE = 20;
export const INBOX_LIMITS = { note: 2_000, reply: 5_000 } as const;
