import type { GateDuplicate } from '@/contract/api/gate';
import type { Edition } from '@/contract/edition';
import type { OfferReason } from '@/contract/api/waiting-list';
import type { Selectable } from 'kysely';
import type { Db, RegistrationTable } from '../db/schema';
import type { BackendConfig } from './config';
import type { Logger } from './log';
import type { Signer } from './signing';

/**
 * The named seams between features. A feature never imports another (.dependency-cruiser.cjs
 * says so); where one needs another's service, it declares what it needs here, the other feature
 * provides it (its seam.ts), and the composition root (app.ts) passes it in:
 *
 *   tickets/       ─ waitingList  → waiting-list/seam.ts   wristbands given back are offered on
 *   admin/         ─ waitingList  → waiting-list/seam.ts   a capacity raised is offered on
 *   waiting-list/  ─ registrations → tickets/seam.ts       an offer taken becomes a registration
 *   admin/         ─ dashboard    → tickets, waiting-list, inbox, mail-kinds: the dashboard's figures
 *
 * Mail kinds are the other seam: each feature defines its own, and backend/mail-kinds.ts
 * registers them with the outbox. Housekeeping after each drain pass is wired in start.ts. The
 * campaigns' audiences (campaigns/audience.ts: newsletter subscribers, ticket holders) are
 * provided by their features and handed to the campaigns service by seams.ts.
 */

/** A registration to store (tickets/registrations.ts createRegistration). */
export interface NewRegistration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  numberOfTickets: number;
  submittedAt: string;
}

export interface RegistrationLimits {
  /** The edition's key (contract/edition.ts): what the registration is for, and whose counter it claims. */
  edition: string;
  /** The edition's wristbands; null: no limit. */
  capacity: number | null;
  /** REGISTRATIONS_PER_EMAIL; undefined: none. */
  perEmail: number | undefined;
  /**
   * Places this registration already holds (a waiting-list offer being taken): they are not
   * claimed again. Default 0.
   */
  held?: number;
}

/** A stored registration, as createRegistration wrote it: the columns it sets, the edition known. */
export type RegistrationRow = Pick<
  Selectable<RegistrationTable>,
  'id' | 'ticket_reference' | 'first_name' | 'last_name' | 'email' | 'phone' | 'number_of_tickets' | 'submitted_at' | 'created_at'
> & { edition: string };

/** What the waiting list needs of the tickets (tickets/seam.ts): an offer taken becomes a registration. */
export interface RegistrationSeam {
  /** In the caller's transaction; throws what createRegistration throws (isAlreadyRegistered tells one of them). */
  create(trx: Db, input: NewRegistration, limits: RegistrationLimits, now: string): Promise<RegistrationRow>;
  /** The registration's ticket mail, queued in the caller's transaction. */
  queueTicketMail(trx: Db, row: RegistrationRow): Promise<void>;
  /** The ticket page's path with its signed token. */
  ticketPath(signer: Signer, reference: string): string;
  /** The address already holds its REGISTRATIONS_PER_EMAIL registrations. */
  isAlreadyRegistered(error: unknown): boolean;
}

export interface OfferDeps {
  config: Pick<BackendConfig, 'editionSettings' | 'now'>;
  onOutboxWrite?: ((topic: 'mail') => void) | undefined;
  log?: Logger | undefined;
}

/** What the tickets and the staff settings need of the waiting list (waiting-list/seam.ts): places freed are offered on. */
export interface WaitingListSeam {
  /**
   * Inside the caller's transaction: the free places of `edition` offered to the first waiting entry
   * that fits; false when none was. `reason` (issue 43): what the offer mail says freed them
   * ('given-back' by default, 'capacity' when staff opened more places).
   */
  offerNextIn(trx: Db, edition: Edition, now: Date, reason?: OfferReason): Promise<boolean>;
  /** Lapses expired offers, then offers what is free, one entry per transaction (waiting-list/service.ts offerFreedPlaces). */
  offerFreedPlaces(db: Db, deps: OfferDeps, now?: Date, reason?: OfferReason): Promise<{ lapsed: number; offered: number }>;
}

/** The staff dashboard's figures kept by other features (admin/queries.ts). */
export interface DashboardSources {
  /** The edition's registrations and check-ins (tickets/queries.ts). */
  checkInCounts(db: Db, edition: string): Promise<{ registrations: number; wristbands: number; checkedInRegistrations: number; checkedInWristbands: number }>;
  /** The edition's waiting list (waiting-list/queries.ts). */
  waitingListCounts(db: Db, edition: string): Promise<{ waiting: number; offered: number; wristbandsWaiting: number }>;
  /** Tickets scanned twice at the gate (tickets/gate/pack.ts). */
  gateDuplicates(db: Db, edition: string): Promise<GateDuplicate[]>;
  /** The inbox's new and overdue items (inbox/queries.ts). */
  inboxCounts(db: Db, now: Date): Promise<{ new: number; overdue: number }>;
  /** Mail kinds sent at a pace on purpose, never overdue (backend/mail-kinds.ts). */
  pacedMailKinds: readonly string[];
}
