import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './2025-09-01-initial';
import { staffEmailCaseInsensitive } from './2026-11-23-1-staff-email-case-insensitive';
import { idempotencyClaim } from './2026-11-23-2-idempotency-claim';
import { ticketsAndMail } from './2026-11-24-1-tickets-and-mail';
import { contactAndUnsubscribe } from './2026-11-24-2-contact-and-unsubscribe';
import { rateLimits } from './2026-11-24-3-rate-limits';
import { staffRolesAndAudit } from './2026-11-25-1-staff-roles-and-audit';
import { sessionIdleExpiry } from './2026-11-25-2-session-idle-expiry';
import { reportPublishing } from './2026-11-25-3-report-publishing';
import { registrationsCounter } from './2026-11-25-4-registrations-counter';
import { canonicalEmails } from './2026-11-26-1-canonical-emails';
import { registrationEmailAndMailCap } from './2026-11-26-2-registration-email-and-mail-cap';
import { festivalYear } from './2026-11-28-1-festival-year';
import { offlineGate } from './2026-11-29-1-offline-gate';
import { donationCheckout } from './2026-11-27-1-donation-checkout';
import { mediaHousekeeping } from './2026-11-26-3-media-housekeeping';
import { inbox } from './2026-11-30-1-inbox';
import { newsletterOptIn } from './2026-11-30-2-newsletter-opt-in';
import { campaigns } from './2026-11-30-3-campaigns';
import { donationRetries } from './2026-12-01-1-donation-retries';
import { editionKeys } from './2026-12-02-1-edition-keys';
import { gateScanIdentity } from './2026-12-02-2-gate-scan-identity';
import { contentEntries } from './2026-12-04-1-content-entries';
import { editionNameNumber } from './2026-12-05-1-edition-name-number';
import { auditLoggedAt } from './2026-12-07-0-audit-logged-at';
import { announcements } from './2026-12-07-1-announcements';
import { waitingListVisible } from './2026-12-07-2-waiting-list-visible';
import { inboxAlerts } from './2026-12-07-3a-inbox-alerts';

/**
 * Every migration, listed statically (not read from disk) so the set bundles into the Next build
 * as well as running under tsx. Names are dated and sort in the order they apply.
 */
export const migrations: Record<string, Migration> = {
  '2025-09-01-initial': initial,
  '2026-11-23-1-staff-email-case-insensitive': staffEmailCaseInsensitive,
  '2026-11-23-2-idempotency-claim': idempotencyClaim,
  '2026-11-24-1-tickets-and-mail': ticketsAndMail,
  '2026-11-24-2-contact-and-unsubscribe': contactAndUnsubscribe,
  '2026-11-24-3-rate-limits': rateLimits,
  '2026-11-25-1-staff-roles-and-audit': staffRolesAndAudit,
  '2026-11-25-2-session-idle-expiry': sessionIdleExpiry,
  '2026-11-25-3-report-publishing': reportPublishing,
  '2026-11-25-4-registrations-counter': registrationsCounter,
  '2026-11-26-1-canonical-emails': canonicalEmails,
  '2026-11-26-2-registration-email-and-mail-cap': registrationEmailAndMailCap,
  '2026-11-26-3-media-housekeeping': mediaHousekeeping,
  '2026-11-27-1-donation-checkout': donationCheckout,
  '2026-11-28-1-festival-year': festivalYear,
  '2026-11-29-1-offline-gate': offlineGate,
  '2026-11-30-1-inbox': inbox,
  '2026-11-30-2-newsletter-opt-in': newsletterOptIn,
  '2026-11-30-3-campaigns': campaigns,
  '2026-12-01-1-donation-retries': donationRetries,
  '2026-12-02-1-edition-keys': editionKeys,
  '2026-12-02-2-gate-scan-identity': gateScanIdentity,
  '2026-12-04-1-content-entries': contentEntries,
  '2026-12-05-1-edition-name-number': editionNameNumber,
  '2026-12-07-0-audit-logged-at': auditLoggedAt,
  '2026-12-07-1-announcements': announcements,
  '2026-12-07-2-waiting-list-visible': waitingListVisible,
  '2026-12-07-3a-inbox-alerts': inboxAlerts,
};

export const staticMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
