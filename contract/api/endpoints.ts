import { adminEntriesResultSchema, adminEntryDeletedSchema, adminEntryResultSchema, entryInputSchema, entryMoveSchema, programmeCopyResultSchema, programmeCopySchema, publicEntriesSchema } from './entries';
import { featuredQuerySchema, highlightQuerySchema, editionStatusResultSchema, podcastListSchema, programListSchema } from './content';
import { TEXT, endpoint } from './endpoint';
import { resultPattern } from './result';
import {
  contactInfoSchema,
  donationPolicySchema,
  eventDetailSchema,
  eventsSchema,
  heroSchema,
  highlightListResponseSchema,
  highlightSchema,
  privacySchema,
  visitSchema,
} from '@/contract/content/schemas';
import {
  auditQuerySchema,
  auditResultSchema,
  createStaffPayloadSchema,
  dashboardResultSchema,
  resetPasswordPayloadSchema,
  staffAccountResultSchema,
  staffListResultSchema,
} from './admin';
import { announcementInputSchema, campaignInputSchema, campaignListResultSchema, campaignResultSchema, holderMailingInputSchema, holderMailingsResultSchema } from './campaigns';
import { DONATION_API, donationCheckoutPayloadSchema, donationReferencePayloadSchema } from './donations';
import { editionAdminResultSchema, editionPayloadSchema } from './edition-admin';
import { eventDetailRequestSchema, eventDetailResultSchema } from './event-details';
import { STORED_FORM_ENDPOINTS } from '@/contract/forms/stored';
import { donationPayloadSchema, newsletterPayloadSchema, registrationPayloadSchema } from './forms';
import { gatePackResultSchema, gateSyncResultSchema, gateSyncSchema } from './gate';
import { healthSchema } from './health';
import { inboxItemResultSchema, inboxListResultSchema, inboxQuerySchema, notePayloadSchema, replyPayloadSchema, statusPayloadSchema } from './inbox';
import { confirmPayloadSchema, unsubscribePayloadSchema } from './newsletter';
import {
  adminReportListSchema,
  adminReportResultSchema,
  cardInputSchema,
  cardResultSchema,
  heroInputSchema,
  heroResultSchema,
  mediaResultSchema,
  mediaUploadSchema,
  reportInputSchema,
} from './reports';
import { staffLoginFormSchema, staffMeResultSchema, staffRegisterPayloadSchema } from './staff';
import { checkInCountsResultSchema, checkInPayloadSchema, checkInResultSchema, linkTokenQuerySchema, ticketResendPayloadSchema, ticketResultSchema } from './tickets';
import { offerClaimPayloadSchema, offerResultSchema, ticketCancelPayloadSchema, waitingListChangeResultSchema, waitingListPayloadSchema, waitingListViewResultSchema } from './waiting-list';
import { walkInPayloadSchema, walkInResultSchema } from './walk-ins';

/**
 * Every endpoint the site calls, by name (contract/api/endpoint.ts says what an entry holds). The
 * door's typed calls (lib/backend `call`) and the built-in backend's request validation both read
 * this table, so a path, a payload or an answer's shape is written once.
 *
 * Spec §7's endpoints keep its paths exactly (trailing slash included) and answer in its result
 * pattern, read leniently (contract/api/result.ts) where the spec leaves the answer open. The rest
 * are ours; `builtInOnly` marks those the festival's own backend (API_BASE_URL) does not offer.
 */
export const ENDPOINTS = {
  // ---- Staff sign-in (spec §7) ----
  login: endpoint({ method: 'POST', path: '/api/auth/login/', request: staffLoginFormSchema, result: resultPattern(['token']), builtInOnly: false }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout/', result: resultPattern(), builtInOnly: false }),
  staffRegister: endpoint({ method: 'POST', path: '/api/auth/register/', request: staffRegisterPayloadSchema, result: resultPattern(['token']), builtInOnly: false }),
  me: endpoint({ method: 'GET', path: '/api/auth/me/', result: staffMeResultSchema, builtInOnly: false }),

  // ---- Public content (spec §7; visit, privacy, contact, donation policy and event details are ours, issues 16-17) ----
  hero: endpoint({ method: 'GET', path: '/api/content/hero/', result: heroSchema, builtInOnly: false }),
  events: endpoint({ method: 'GET', path: '/api/content/events/', result: eventsSchema, builtInOnly: false }),
  programs: endpoint({ method: 'GET', path: '/api/content/programs/', result: programListSchema, builtInOnly: false }),
  podcasts: endpoint({ method: 'GET', path: '/api/content/podcasts/', result: podcastListSchema, builtInOnly: false }),
  highlights: endpoint({ method: 'GET', path: '/api/content/highlights/', query: highlightQuerySchema, result: highlightListResponseSchema, builtInOnly: false }),
  featuredHighlights: endpoint({ method: 'GET', path: '/api/content/highlights/featured/', query: featuredQuerySchema, result: highlightListResponseSchema, builtInOnly: false }),
  highlight: endpoint({ method: 'GET', path: '/api/content/highlights/:slug/', result: highlightSchema, builtInOnly: false }),
  visit: endpoint({ method: 'GET', path: '/api/content/visit/', result: visitSchema, builtInOnly: false }),
  privacy: endpoint({ method: 'GET', path: '/api/content/privacy/', result: privacySchema, builtInOnly: false }),
  contactInfo: endpoint({ method: 'GET', path: '/api/content/contact/', result: contactInfoSchema, builtInOnly: false }),
  donationPolicy: endpoint({ method: 'GET', path: '/api/content/donation-policy/', result: donationPolicySchema, builtInOnly: false }),
  eventDetails: endpoint({ method: 'GET', path: '/api/content/event-details/', result: eventDetailSchema.array(), builtInOnly: false }),
  /** A kind's published entries (issue 40, contract/content/kinds.ts): ours; with another backend the site shows the fallbacks. */
  contentEntries: endpoint({ method: 'GET', path: '/api/content/entries/:kind/', result: publicEntriesSchema, builtInOnly: true }),
  edition: endpoint({ method: 'GET', path: '/api/edition/', result: editionStatusResultSchema, builtInOnly: true }),
  health: endpoint({ method: 'GET', path: '/api/health/', result: healthSchema, builtInOnly: false }),

  // ---- Forms (spec §7; contact, ticket resend and the waiting list are ours) ----
  newsletter: endpoint({ method: 'POST', path: '/api/forms/newsletter/', request: newsletterPayloadSchema, result: resultPattern(['subscriptionId']), builtInOnly: false }),
  registration: endpoint({
    method: 'POST',
    path: '/api/forms/registrations/',
    request: registrationPayloadSchema,
    result: resultPattern(['registrationId', 'ticketReference', 'ticketUrl']),
    builtInOnly: false,
  }),
  /** The stored forms (partnership, volunteer, contact...), each from its module (contract/forms/stored/). */
  ...STORED_FORM_ENDPOINTS,
  /** The spec's card form: the sandbox, or the festival's backend. */
  donation: endpoint({ method: 'POST', path: '/api/forms/donations/', request: donationPayloadSchema, result: resultPattern(['donationId', 'reference']), builtInOnly: false }),
  ticketResend: endpoint({ method: 'POST', path: '/api/forms/ticket-resend/', request: ticketResendPayloadSchema, result: resultPattern(), builtInOnly: false }),
  waitingList: endpoint({ method: 'POST', path: '/api/forms/waiting-list/', request: waitingListPayloadSchema, result: resultPattern(['waitingListId']), builtInOnly: false }),

  // ---- Paystack's checkout (issue 27): the built-in backend with PAYSTACK_SECRET_KEY ----
  donationCheckout: endpoint({ method: 'POST', path: DONATION_API.checkout, request: donationCheckoutPayloadSchema, result: resultPattern(['donationId']), builtInOnly: true }),
  donationVerify: endpoint({ method: 'POST', path: DONATION_API.verify, request: donationReferencePayloadSchema, result: resultPattern(['donationId']), builtInOnly: true }),
  donationRetry: endpoint({ method: 'POST', path: DONATION_API.retry, request: donationReferencePayloadSchema, result: resultPattern(['donationId']), builtInOnly: true }),

  // ---- Tickets, giving them back, the waiting list's offers (issue 28), the newsletter's links (issues 16, 31) ----
  ticket: endpoint({ method: 'GET', path: '/api/tickets/:reference/', query: linkTokenQuerySchema, result: ticketResultSchema, builtInOnly: false }),
  ticketCancel: endpoint({ method: 'POST', path: '/api/tickets/:reference/cancel/', request: ticketCancelPayloadSchema, result: resultPattern(), builtInOnly: false }),
  offer: endpoint({ method: 'GET', path: '/api/waiting-list/offers/:id/', query: linkTokenQuerySchema, result: offerResultSchema, builtInOnly: false }),
  offerClaim: endpoint({
    method: 'POST',
    path: '/api/waiting-list/offers/:id/claim/',
    request: offerClaimPayloadSchema,
    result: resultPattern(['registrationId', 'ticketReference', 'ticketUrl', 'numberOfTickets']),
    builtInOnly: false,
  }),
  newsletterUnsubscribe: endpoint({ method: 'POST', path: '/api/newsletter/unsubscribe/', request: unsubscribePayloadSchema, result: resultPattern(), builtInOnly: false }),
  newsletterConfirm: endpoint({ method: 'POST', path: '/api/newsletter/confirm/', request: confirmPayloadSchema, result: resultPattern(['confirmedAt']), builtInOnly: false }),

  // ---- Staff: the gate (its counts and check-in are offered where the festival's backend offers them) ----
  checkInCounts: endpoint({ method: 'GET', path: '/api/admin/check-ins/', result: checkInCountsResultSchema, builtInOnly: false }),
  checkIn: endpoint({ method: 'POST', path: '/api/admin/check-ins/', request: checkInPayloadSchema, result: checkInResultSchema, builtInOnly: false }),
  gatePack: endpoint({ method: 'GET', path: '/api/admin/check-ins/offline/', result: gatePackResultSchema, builtInOnly: true }),
  gateSync: endpoint({ method: 'POST', path: '/api/admin/check-ins/sync/', request: gateSyncSchema, result: gateSyncResultSchema, builtInOnly: true }),
  /** A walk-in registered at the gate and checked in at once (issue 41); keyed by Idempotency-Key like the forms. */
  walkIn: endpoint({ method: 'POST', path: '/api/admin/check-ins/walk-ins/', request: walkInPayloadSchema, result: walkInResultSchema, builtInOnly: true }),

  // ---- Staff: dashboard, exports, accounts, audit, the edition (issues 17, 28, 32) ----
  dashboard: endpoint({ method: 'GET', path: '/api/admin/dashboard/', result: dashboardResultSchema, builtInOnly: true }),
  /** CSV, admins only; offered where the festival's backend offers it. */
  export: endpoint({ method: 'GET', path: '/api/admin/export/:kind.csv', result: TEXT, builtInOnly: false }),
  staffAccounts: endpoint({ method: 'GET', path: '/api/admin/staff/', result: staffListResultSchema, builtInOnly: true }),
  staffCreate: endpoint({ method: 'POST', path: '/api/admin/staff/', request: createStaffPayloadSchema, result: staffAccountResultSchema, builtInOnly: true }),
  staffPassword: endpoint({ method: 'POST', path: '/api/admin/staff/:id/password/', request: resetPasswordPayloadSchema, result: staffAccountResultSchema, builtInOnly: true }),
  staffDisable: endpoint({ method: 'POST', path: '/api/admin/staff/:id/disable/', result: staffAccountResultSchema, builtInOnly: true }),
  staffEnable: endpoint({ method: 'POST', path: '/api/admin/staff/:id/enable/', result: staffAccountResultSchema, builtInOnly: true }),
  audit: endpoint({ method: 'GET', path: '/api/admin/audit/', query: auditQuerySchema, result: auditResultSchema, builtInOnly: true }),
  editionAdmin: endpoint({ method: 'GET', path: '/api/admin/edition/', result: editionAdminResultSchema, builtInOnly: true }),
  editionSave: endpoint({ method: 'POST', path: '/api/admin/edition/', request: editionPayloadSchema, result: editionAdminResultSchema, builtInOnly: true }),
  editionReset: endpoint({ method: 'POST', path: '/api/admin/edition/reset/', result: editionAdminResultSchema, builtInOnly: true }),
  /** The waiting list in order (staff); an offer made by hand and withdrawing one (admins) (issue 43). */
  waitingListAdmin: endpoint({ method: 'GET', path: '/api/admin/waiting-list/', result: waitingListViewResultSchema, builtInOnly: true }),
  waitingListOffer: endpoint({ method: 'POST', path: '/api/admin/waiting-list/:id/offer/', result: waitingListChangeResultSchema, builtInOnly: true }),
  waitingListWithdraw: endpoint({ method: 'POST', path: '/api/admin/waiting-list/:id/withdraw/', result: waitingListChangeResultSchema, builtInOnly: true }),

  // ---- Staff: publishing (issue 17) ----
  heroSave: endpoint({ method: 'POST', path: '/api/admin/content/hero/', request: heroInputSchema, result: heroResultSchema, builtInOnly: true }),
  eventCardSave: endpoint({ method: 'POST', path: '/api/admin/content/events/:slug/', request: cardInputSchema, result: cardResultSchema, builtInOnly: true }),
  eventDetailSave: endpoint({ method: 'POST', path: '/api/admin/content/event-details/:slug/', request: eventDetailRequestSchema, result: eventDetailResultSchema, builtInOnly: true }),
  reports: endpoint({ method: 'GET', path: '/api/admin/reports/', result: adminReportListSchema, builtInOnly: true }),
  report: endpoint({ method: 'GET', path: '/api/admin/reports/:id/', result: adminReportResultSchema, builtInOnly: true }),
  reportCreate: endpoint({ method: 'POST', path: '/api/admin/reports/', request: reportInputSchema, result: adminReportResultSchema, builtInOnly: true }),
  reportUpdate: endpoint({ method: 'POST', path: '/api/admin/reports/:id/', request: reportInputSchema, result: adminReportResultSchema, builtInOnly: true }),
  reportPublish: endpoint({ method: 'POST', path: '/api/admin/reports/:id/publish/', result: adminReportResultSchema, builtInOnly: true }),
  reportUnpublish: endpoint({ method: 'POST', path: '/api/admin/reports/:id/unpublish/', result: adminReportResultSchema, builtInOnly: true }),
  mediaUpload: endpoint({ method: 'POST', path: '/api/admin/media/', request: mediaUploadSchema, result: mediaResultSchema, builtInOnly: true }),

  // ---- Staff: content entries (issue 40) ----
  entries: endpoint({ method: 'GET', path: '/api/admin/entries/:kind/', result: adminEntriesResultSchema, builtInOnly: true }),
  entryCreate: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/', request: entryInputSchema, result: adminEntryResultSchema, builtInOnly: true }),
  entrySave: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/:id/', request: entryInputSchema, result: adminEntryResultSchema, builtInOnly: true }),
  entryPublish: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/:id/publish/', result: adminEntryResultSchema, builtInOnly: true }),
  entryUnpublish: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/:id/unpublish/', result: adminEntryResultSchema, builtInOnly: true }),
  entryMove: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/:id/move/', request: entryMoveSchema, result: adminEntriesResultSchema, builtInOnly: true }),
  entryDelete: endpoint({ method: 'POST', path: '/api/admin/entries/:kind/:id/delete/', result: adminEntryDeletedSchema, builtInOnly: true }),
  programmeCopy: endpoint({ method: 'POST', path: '/api/admin/programme/copy/', request: programmeCopySchema, result: programmeCopyResultSchema, builtInOnly: true }),

  // ---- Staff: newsletter campaigns and the inbox (issue 31) ----
  campaigns: endpoint({ method: 'GET', path: '/api/admin/newsletter/campaigns/', result: campaignListResultSchema, builtInOnly: true }),
  campaign: endpoint({ method: 'GET', path: '/api/admin/newsletter/campaigns/:id/', result: campaignResultSchema, builtInOnly: true }),
  campaignCreate: endpoint({ method: 'POST', path: '/api/admin/newsletter/campaigns/', request: campaignInputSchema, result: campaignResultSchema, builtInOnly: true }),
  campaignUpdate: endpoint({ method: 'POST', path: '/api/admin/newsletter/campaigns/:id/', request: campaignInputSchema, result: campaignResultSchema, builtInOnly: true }),
  campaignTest: endpoint({ method: 'POST', path: '/api/admin/newsletter/campaigns/:id/test/', result: campaignResultSchema, builtInOnly: true }),
  campaignSend: endpoint({ method: 'POST', path: '/api/admin/newsletter/campaigns/:id/send/', result: campaignResultSchema, builtInOnly: true }),
  // ---- Staff: announcements to ticket holders, the reminder and the thank-you (issue 43) ----
  announcements: endpoint({ method: 'GET', path: '/api/admin/announcements/', result: campaignListResultSchema, builtInOnly: true }),
  announcement: endpoint({ method: 'GET', path: '/api/admin/announcements/:id/', result: campaignResultSchema, builtInOnly: true }),
  announcementCreate: endpoint({ method: 'POST', path: '/api/admin/announcements/', request: announcementInputSchema, result: campaignResultSchema, builtInOnly: true }),
  announcementUpdate: endpoint({ method: 'POST', path: '/api/admin/announcements/:id/', request: announcementInputSchema, result: campaignResultSchema, builtInOnly: true }),
  announcementTest: endpoint({ method: 'POST', path: '/api/admin/announcements/:id/test/', result: campaignResultSchema, builtInOnly: true }),
  announcementSend: endpoint({ method: 'POST', path: '/api/admin/announcements/:id/send/', result: campaignResultSchema, builtInOnly: true }),
  holderMailings: endpoint({ method: 'GET', path: '/api/admin/announcements/automatic/', result: holderMailingsResultSchema, builtInOnly: true }),
  holderMailingUpdate: endpoint({
    method: 'POST',
    path: '/api/admin/announcements/automatic/:purpose/',
    request: holderMailingInputSchema,
    result: holderMailingsResultSchema,
    builtInOnly: true,
  }),
  inbox: endpoint({ method: 'GET', path: '/api/admin/inbox/', query: inboxQuerySchema, result: inboxListResultSchema, builtInOnly: true }),
  inboxItem: endpoint({ method: 'GET', path: '/api/admin/inbox/:kind/:id/', result: inboxItemResultSchema, builtInOnly: true }),
  inboxStatus: endpoint({ method: 'POST', path: '/api/admin/inbox/:kind/:id/status/', request: statusPayloadSchema, result: inboxItemResultSchema, builtInOnly: true }),
  inboxNote: endpoint({ method: 'POST', path: '/api/admin/inbox/:kind/:id/notes/', request: notePayloadSchema, result: inboxItemResultSchema, builtInOnly: true }),
  inboxReply: endpoint({ method: 'POST', path: '/api/admin/inbox/:kind/:id/replies/', request: replyPayloadSchema, result: inboxItemResultSchema, builtInOnly: true }),
} as const;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** Where the contract's paths begin, and where report images are served (crawlers may fetch those). */
export const API_PATH_PREFIX = '/api/';
export { MEDIA_PATH_PREFIX } from './reports';
