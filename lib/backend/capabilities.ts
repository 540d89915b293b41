import { backendConfigFromEnv } from '@/backend';
import { getConfig } from '@/lib/config';
import { logger } from './log';

/**
 * What the configured backend offers, resolved once: the one answer pages, components and the
 * proxy read instead of settings. Only lib/backend knows which backend answers (API_BASE_URL) and
 * how Paystack is set up (the built-in backend's own configuration, backend/kernel/config.ts).
 */
export interface Capabilities {
  /** The built-in backend answers in this process (API_BASE_URL unset). */
  builtIn: boolean;
  /**
   * Staff publish reports and edit the hero, the event cards, the programme and the event details.
   * The festival's own backend keeps its content where the contract gives no way to write it.
   */
  publishing: boolean;
  /** The staff inbox: statuses, notes and replies kept by the built-in backend (issue 31). */
  inbox: boolean;
  /** Newsletter campaigns (issue 31). */
  campaigns: boolean;
  /** The offline gate: the pack a gate phone keeps and the sync of its scans (issue 29). */
  offlineGate: boolean;
  /** Walk-ins registered and checked in at the gate (issue 41). */
  walkIns: boolean;
  /** The backend says where the festival's year stands (staff settings, places left); otherwise configuration alone does (issue 28). */
  editionStatus: boolean;
  /** Backups and restores of the database (the built-in backend's CLI). */
  backups: boolean;
  /**
   * Paystack's checkout (issue 27): the built-in backend with PAYSTACK_SECRET_KEY, and the origin
   * donors are sent to (PAYSTACK_CHECKOUT_ORIGIN). Null: the spec's card form (the sandbox, or the
   * festival's backend, which is sent the spec's payload unchanged).
   */
  checkout: { origin: string } | null;
  /**
   * The built-in backend's payment sandbox takes the donations (no PAYSTACK_SECRET_KEY): no money
   * moves, and the donation pages say so (issue 43). False with Paystack or the festival's backend.
   */
  paymentSandbox: boolean;
}

/** The built-in backend's Paystack settings, as its configuration reads them. */
export interface CheckoutSettings {
  secretKey: string | undefined;
  checkoutOrigin: string;
}

/** Capabilities from the facts they depend on (pure: tests give the facts). */
export function capabilitiesOf(apiBaseUrl: string | undefined, checkout: () => CheckoutSettings | undefined): Capabilities {
  const builtIn = apiBaseUrl === undefined;
  const paystack = builtIn ? checkout() : undefined;
  return {
    builtIn,
    publishing: builtIn,
    inbox: builtIn,
    campaigns: builtIn,
    offlineGate: builtIn,
    walkIns: builtIn,
    editionStatus: builtIn,
    backups: builtIn,
    checkout: paystack?.secretKey ? { origin: paystack.checkoutOrigin } : null,
    paymentSandbox: builtIn && !paystack?.secretKey,
  };
}

/**
 * The built-in backend's Paystack settings; undefined when its configuration is invalid (its
 * requests then fail with their own 503 and log line; pages show the card form meanwhile).
 */
function builtInCheckout(): CheckoutSettings | undefined {
  try {
    const config = backendConfigFromEnv();
    return { secretKey: config.paystackSecretKey, checkoutOrigin: config.paystackCheckoutOrigin };
  } catch (error) {
    logger('backend').warn(`checkout off: the built-in backend's configuration is invalid (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

let resolved: Capabilities | undefined;

/** The process's capabilities, resolved on first use from configuration. */
export function capabilities(): Capabilities {
  resolved ??= capabilitiesOf(getConfig().apiBaseUrl, builtInCheckout);
  return resolved;
}
