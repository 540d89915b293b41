import type { ColumnType, Kysely } from 'kysely';
import type { OfferReason } from '@/contract/api/waiting-list';

/**
 * Table types of the built-in backend. Portable column types only (text, integer) so one set of
 * migrations runs on SQLite and PostgreSQL: ids are UUID text, times are ISO-8601 text (UTC, so
 * they sort), lists are JSON text, money is integer kobo.
 */
export interface ContentBlockTable {
  key: string;
  data: string;
  updated_at: string;
}

/** Migration 2026-12-04-1: content as entries (contract/content/kinds.ts); draft and published are JSON. */
export interface ContentEntryTable {
  kind: string;
  id: string;
  position: number;
  draft: string;
  published: string | null;
  created_at: string;
  updated_at: string;
  /** The staff account's id that last changed it (staff_users holds their details); null when seeded. */
  updated_by: string | null;
}

export interface ContentSeedTable {
  kind: string;
  seeded_at: string;
}

export interface ProgramTable {
  id: string;
  position: number;
  left_label: string;
  title: string;
  subtitle: string;
  avatar: string;
  slug: string;
}

export interface PodcastTable {
  id: string;
  position: number;
  title: string;
  image: string;
  youtube_url: string | null;
  spotify_url: string | null;
  description: string | null;
  duration: string | null;
}

export interface HighlightTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string;
  date: string;
  read_time: string;
  category: string;
  category_slug: string;
  author: string;
  tags: string;
  /** Migration 2026-11-25-2: only 'published' reports are public. */
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  /** What the staff wrote; `content` is its sanitised HTML (null for reports seeded as HTML). */
  body_markdown: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 or 1: featured reports lead /api/content/highlights/featured/. */
  featured: ColumnType<number, number | undefined, number>;
  image_alt: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** First publication; once set, the slug never changes. */
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ReportStatus = 'draft' | 'published';

/** An uploaded image, processed and stored as bytes (migration 2026-11-25-2). */
export interface MediaTable {
  id: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  bytes: Buffer;
  created_at: string;
  created_by: string | null;
}

/** One image a staff member sent in the last hour: MEDIA_UPLOADS_PER_HOUR (migration 2026-11-26-3). */
export interface MediaUploadTable {
  id: string;
  staff_id: string;
  created_at: string;
}

export interface NewsletterTable {
  id: string;
  email: string;
  created_at: string;
  /** When the address unsubscribed; null while subscribed (migration 2026-11-24-2). */
  unsubscribed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 2026-11-30-2: when the address confirmed its subscription (the consent record); null: not yet. */
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The team's inbox alerts (migration 2026-12-07-3a): one row, 'team', with the last alert's time. */
export interface InboxAlertTable {
  id: string;
  sent_at: string | null;
}

/** A message from the /contact form (migration 2026-11-24-2). */
export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  submitted_at: string;
  created_at: string;
  /** Migration 2026-11-30-1: the inbox's status (contract/api/inbox.ts INBOX_STATUSES). */
  status: ColumnType<InboxStatusColumn, InboxStatusColumn | undefined, InboxStatusColumn>;
  /** Migration 2026-12-07-3a: when the answer is due, the end of the third Lagos working day (contract/business-days.ts contactDeadline). */
  due_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 2026-12-07-3a: when the team's alert mail listed it (backend/inbox/alerts.ts); null: not yet. */
  alerted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RegistrationTable {
  id: string;
  ticket_reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  number_of_tickets: number;
  submitted_at: string;
  created_at: string;
  /** Set once, at the gate (backend/tickets/queries.ts). */
  checked_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member who checked the ticket in (name and email). */
  checked_in_by: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The key of the edition it is for (contract/edition.ts editionKeySchema; migration 2026-12-02-1:
   * it was the edition's start date); null: stored before editions were recorded (adopted by backend/edition/counter.ts).
   */
  edition: ColumnType<string | null, string | null | undefined, string | null>;
  /** The visitor gave the wristbands back ("I can't come"); the gate refuses the ticket. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The gate scan that is the check-in (the row's key, gate_scans.id; migration 2026-11-29-1); null: not checked in, or checked in before scans were recorded. */
  checked_in_scan: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One scan at a gate (migrations 2026-11-29-1 and 2026-12-02-2, backend/tickets/gate/scans.ts): an
 * offline admission a phone synced, or an online scan (the JavaScript gate's, or the gate form's).
 * A scan is (device_id, scan_id), so a retried sync is the same row and two phones never meet.
 */
export interface GateScanTable {
  /** The row's own key (server-made; the phone's id on rows from before 2026-12-02-2): what registrations.checked_in_scan names. */
  id: string;
  /** The phone's id for the scan, unique on its device (nullable in the database only because SQLite adds no NOT NULL column without a default). */
  scan_id: string;
  /** Normalised (ITN-XXXXXX) when it is one; otherwise the text as scanned. */
  reference: string;
  device_id: string;
  device_name: string;
  /** The name shown for the staff member signed in on the device. */
  staff: string;
  /**
   * The time that judges it: the phone's for an offline scan, unless flagged (time_flag), then its
   * arrival; the server's for an online one. Never later than received_at.
   */
  scanned_at: string;
  /** The time the phone gave for an offline scan, as UTC ISO; null for an online one (and rows from before 2026-12-02-2). */
  device_time: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the phone's time was not taken (GateTimeFlag, backend/tickets/gate/scans.ts), else null. */
  time_flag: ColumnType<string | null, string | null | undefined, string | null>;
  received_at: string;
  /** 0 or 1 */
  offline: number;
  /** 0 or 1: the phone admitted it offline, or the server checked it in when it arrived online. */
  admitted: number;
  /** GateScanOutcome (backend/tickets/gate/scans.ts): what happened when it was recorded. */
  outcome: string;
  /** A refusal's reason (CHECK_IN_REFUSAL_REASONS), else null. */
  reason: string | null;
}

/** /staff/edition's settings: one row ('current'); null columns take the default rule (contract/edition.ts). */
export interface EditionSettingsTable {
  id: string;
  /** The edition's key (migration 2026-12-02-1); null: the start date's year (saved before keys existed). */
  edition_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** What copy calls the edition (migration 2026-12-05-1); null: its default name (contract/edition.ts). */
  edition_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its number in the series (migration 2026-12-05-1); null: counted from the first festival's year. */
  edition_number: ColumnType<number | null, number | null | undefined, number | null>;
  start_date: string;
  end_date: string;
  venue: string;
  capacity: number | null;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  updated_at: string;
  updated_by: string;
}

/** `withdrawn`: staff withdrew the offer (issue 43); like `lapsed`, the entry is closed and may be offered again by hand. */
export type WaitingStatus = 'waiting' | 'offered' | 'registered' | 'lapsed' | 'withdrawn';

/** Why an offer was made (issue 43), as its mail says: places given back, more places opened, or an offer made by hand. */
export type { OfferReason };

/** The waiting list of an edition, first come first served (backend/waiting-list/). */
export interface WaitingListTable {
  id: string;
  /** The edition's key, as registrations.edition. */
  edition: string;
  name: string;
  email: string;
  number_of_tickets: number;
  status: WaitingStatus;
  /** Place in the edition's queue: one more than the last when joining (sequential joins never tie, whatever the clock). */
  position: number;
  created_at: string;
  offered_at: string | null;
  offer_expires_at: string | null;
  registration_id: string | null;
  /** Why the current (or last) offer was made; null before any offer. */
  offer_reason: ColumnType<OfferReason | null, OfferReason | null | undefined, OfferReason | null>;
  /** Offers made to this entry so far (an offer made again by hand counts). */
  offers_made: ColumnType<number, number | undefined, number>;
}

/**
 * Mails the waiting list sends once per entry (issue 43): the primary key (entry_id, notice) is the
 * "once", so two drainers at the same moment never send one twice. `notice`: 'skipped', 'closed',
 * or 'reminder <offered_at>' (one reminder per offer).
 */
export interface WaitingListNoticeTable {
  entry_id: string;
  notice: string;
  created_at: string;
}

/** One row per counted resource; the registrations row is what capacity checks lock. */
export interface CounterTable {
  name: string;
  used: number;
}

export interface PartnershipTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  organization: string | null;
  proposal: string;
  submitted_at: string;
  created_at: string;
  /** Migration 2026-11-30-1: the inbox's status (contract/api/inbox.ts INBOX_STATUSES). */
  status: ColumnType<InboxStatusColumn, InboxStatusColumn | undefined, InboxStatusColumn>;
  /** When the answer is due: the end of the fifth Lagos working day (contract/business-days.ts); null only if created_at was unreadable. */
  due_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 2026-12-07-3a: when the team's alert mail listed it (backend/inbox/alerts.ts); null: not yet. */
  alerted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DonationTable {
  id: string;
  amount_kobo: number;
  currency: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  card_holder: string;
  card_last4: string;
  card_brand: string;
  gateway: string;
  gateway_reference: string;
  /** contract/api/donations.ts DONATION_STATES. */
  status: string;
  source: string;
  created_at: string;
  channel: string | null;
  gateway_response: string | null;
  paid_at: string | null;
  authorization_url: string | null;
  checked_at: string | null;
  /** Migration 2026-12-01-1: on a retry's checkout, the first donation's id (null on a first donation). */
  retry_of: string | null;
  /** Migration 2026-12-01-1: on a first donation, while one request opens a retry for it. */
  retry_claimed_at: string | null;
}

export interface VolunteerTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  roles: string;
  availability: string;
  message: string | null;
  submitted_at: string;
  created_at: string;
  /** Migration 2026-11-30-1: the inbox's status (contract/api/inbox.ts INBOX_STATUSES). */
  status: ColumnType<InboxStatusColumn, InboxStatusColumn | undefined, InboxStatusColumn>;
  /** Migration 2026-12-07-3a: when the team's alert mail listed it (backend/inbox/alerts.ts); null: not yet. */
  alerted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 'new' | 'in progress' | 'accepted' | 'declined' | 'done' (contract/api/inbox.ts). */
export type InboxStatusColumn = string;

/**
 * An internal note or a reply on an inbox item (migration 2026-11-30-1, backend/inbox/): keyed by
 * the item's kind ('partnership', 'volunteer', 'contact') and id. A reply records its mail's outbox
 * entry and the reply form's token (`request_key`, unique).
 */
export interface InboxEntryTable {
  id: string;
  item_kind: string;
  item_id: string;
  type: 'note' | 'reply';
  author_id: string | null;
  author_name: string;
  author_email: string;
  body: string;
  created_at: string;
  outbox_id: string | null;
  request_key: string | null;
}

export type StaffRole = 'admin' | 'staff';

export interface StaffUserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  /** Migration 2026-11-25-1: admins manage accounts and read the audit log. */
  role: ColumnType<StaffRole, StaffRole | undefined, StaffRole>;
  /** Set when an admin disables the account; it can no longer sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who changed what and when in the staff area (migration 2026-11-25-1). */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string;
  actor_name: string;
  /** A verb in dotted form: 'report.publish', 'staff.disable', 'hero.update'. */
  action: string;
  target_type: string;
  target_id: string;
  /** One human line, e.g. the report's title; never a password or a visitor's personal data. */
  summary: string;
  /** Migration 2026-12-07-0: the machine's time of writing, the order of rows with the same `at` (a rehearsal's fixed clock). */
  logged_at: string | null;
}

export interface AuthTokenTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Migration 2026-11-25-2: the token's last request (idle expiry); null: none since sign-in. */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A stored answer to a request that carried an Idempotency-Key (status 0 while in flight). */
export interface IdempotencyKeyTable {
  endpoint: string;
  key: string;
  fingerprint: string;
  status: number;
  body: string | null;
  created_at: string;
  /** The random claim of the request that holds the key while it is in flight (null on old rows). */
  claim: string | null;
}

/** Secrets generated once when not configured (the ticket HMAC key, the gate pass key and reference salt). */
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export type OutboxStatus = 'pending' | 'done' | 'failed';

/**
 * Work owed to the outside world (backend/outbox/queue.ts): mails (topic 'mail') and sign-ups the
 * site relays to an unreachable backend (topic 'relay'). `payload` is the kind's JSON data.
 */
export interface OutboxTable {
  id: string;
  topic: string;
  kind: string;
  recipient: string;
  payload: string;
  status: OutboxStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  /** When delivery succeeded (the SMTP server accepted the mail; the backend took the sign-up). */
  sent_at: string | null;
  /**
   * Migration 2026-11-26-2: when a delivery was let through the per-recipient limit (it counts
   * against the recipient's hour); null while none is, or after the attempt failed.
   */
  counted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the entry is held back by the per-recipient limit: when the hour allows it. */
  held_until: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CampaignStatus = 'draft' | 'sending' | 'sent';

/** A campaign (migration 2026-11-30-3, backend/campaigns/; an audience since 2026-12-07-1): draft → sending → sent, once. */
export interface NewsletterCampaignTable {
  id: string;
  subject: string;
  /** The Markdown as written; rendered with the reports' sanitiser at delivery (contract/html/markdown.ts). */
  body: string;
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  /** Staff ids. */
  created_by: string;
  created_at: string;
  updated_at: string;
  sending_started_at: ColumnType<string | null, string | null | undefined, string | null>;
  sent_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The confirmed subscribers when sending started. */
  recipient_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last address queued so far (recipients are queued in address order, a batch at a time). */
  queue_cursor: ColumnType<string | null, string | null | undefined, string | null>;
  queued_all_at: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 2026-12-07-1 (backend/campaigns/audience.ts): whose campaign it is, 'newsletter' or 'ticket-holders'. */
  audience: ColumnType<string, string | undefined, string>;
  /** What the audience was fixed to when sending started (the edition's key for ticket holders). */
  audience_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** null: written by staff; 'reminder' or 'thanks': started by the drain (tickets/holder-mailings.ts). */
  purpose: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The reminder's and the thank-you's settings (migration 2026-12-07-1, tickets/holder-mailings.ts); no row: the defaults. */
export interface HolderMailingTable {
  /** 'reminder' or 'thanks'. */
  purpose: string;
  /** 1: sent; 0: switched off. */
  enabled: number;
  /** The reminder: this many days before the first day (the thank-you ignores it). */
  days_before: number;
  subject: string;
  body: string;
  updated_at: string;
  /** The staff account's id. */
  updated_by: string | null;
}

/** One address a campaign was queued for, with its outbox entry; never twice (primary key campaign_id, email). */
export interface CampaignRecipientTable {
  campaign_id: string;
  email: string;
  outbox_id: string;
  queued_at: string;
}

/** One client key's count in its current fixed window (backend/kernel/rate-limit.ts). */
export interface RateLimitTable {
  key: string;
  /** Epoch milliseconds; PostgreSQL's bigint comes back as a string, so read it with Number(). */
  window_start: ColumnType<number | string, number, number>;
  hits: number;
}

export interface Database {
  content_blocks: ContentBlockTable;
  content_entries: ContentEntryTable;
  content_seeds: ContentSeedTable;
  programs: ProgramTable;
  podcasts: PodcastTable;
  highlights: HighlightTable;
  newsletter_subscriptions: NewsletterTable;
  registrations: RegistrationTable;
  gate_scans: GateScanTable;
  counters: CounterTable;
  edition_settings: EditionSettingsTable;
  waiting_list: WaitingListTable;
  waiting_list_notices: WaitingListNoticeTable;
  partnerships: PartnershipTable;
  donations: DonationTable;
  volunteer_applications: VolunteerTable;
  staff_users: StaffUserTable;
  auth_tokens: AuthTokenTable;
  idempotency_keys: IdempotencyKeyTable;
  server_secrets: ServerSecretTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  contact_messages: ContactMessageTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  media_uploads: MediaUploadTable;
  inbox_entries: InboxEntryTable;
  inbox_alerts: InboxAlertTable;
  newsletter_campaigns: NewsletterCampaignTable;
  campaign_recipients: CampaignRecipientTable;
  holder_mailings: HolderMailingTable;
}

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';
