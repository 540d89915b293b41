import type { BackendConfig } from '../kernel/config';
import type { Db } from '../db/schema';
import type { MailEntry } from '../mail/kind';

/**
 * Who a campaign goes to (issues 31 and 43): the one thing that differs between a newsletter
 * campaign (confirmed subscribers, newsletter/campaigns/audience.ts) and an announcement to ticket
 * holders (the edition's valid tickets, tickets/announcements.ts). The machinery in this folder
 * (write, test, send once, batches, progress, audit) is the same for every audience; each feature
 * that owns a list of people provides its audience, and the composition root hands the audiences
 * to the routes (app.ts) and to the drain's housekeeping (start.ts). Stored by `name` with every
 * campaign, so a name is never changed. A later audience ("those booked into a session", issue 44)
 * is one more of these, its `key` the session.
 */
export interface CampaignAudience {
  /** newsletter_campaigns.audience. */
  readonly name: string;
  /**
   * What the audience is fixed to when sending starts, stored with the campaign (the edition's key
   * for ticket holders); null when nothing beyond the time is needed (newsletter subscribers).
   */
  keyAt(db: Db, config: Pick<BackendConfig, 'editionSettings' | 'now'>): Promise<string | null>;
  /**
   * The clock its members' rows are stamped by, which fixes the audience when sending starts:
   * registrations use the festival's (FESTIVAL_NOW); newsletter confirmations still the real one.
   */
  clock(config: Pick<BackendConfig, 'now'>): Date;
  /** How many addresses receive a campaign with `key` started at `fixedAt` (null: one sent now). */
  count(db: Db, key: string | null, fixedAt: string | null): Promise<number>;
  /** The next `limit` addresses after `after` (address order), as fixed at `fixedAt`; each address once. */
  page(db: Db, key: string | null, fixedAt: string, after: string | null, limit: number): Promise<string[]>;
  /** The mail of campaign `campaignId` to `email` (`test`: to the admin who asked, not checked against the audience). */
  mail(email: string, payload: { campaignId: string; test?: boolean }): MailEntry;
  /** The outbox's `last_error` of a mail not sent because its address left the audience after it was queued: counted as skipped. */
  readonly skippedReason: string;
  /** The audit log's words. */
  readonly words: {
    /** `campaign` or `announcement`: the audit actions are `<action>.create`, `.update`, `.test`, `.send`. */
    action: string;
    /** "Newsletter", "Announcement". */
    thing: string;
    /** "3 confirmed subscribers", "1 ticket holder". */
    recipients: (n: number) => string;
  };
}
