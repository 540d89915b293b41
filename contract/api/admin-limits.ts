/**
 * The staff area's numbers, without zod, so client components can show them without bundling the
 * schemas (contract/api/admin.ts re-exports them).
 */
export const PASSWORD_MIN_CHARS = 12;
export const AUDIT_PAGE_SIZE = 25;
/** How many recent rows of each kind the dashboard shows. */
export const DASHBOARD_RECENT = 5;
/** Mail pending longer than this is worth a warning (the delivery loop retries within minutes). */
export const MAIL_OVERDUE_MINUTES = 15;
/** An event's or session's detail as staff edit it (contract/api/event-details.ts). */
export const EVENT_DETAIL_LIMITS = { title: 150, venue: 120, address: 200, description: 4000 } as const;
