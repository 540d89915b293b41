import { createHash, randomUUID } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/schema';
import { failureBody } from './http';
import { newId } from './ids';

/**
 * Stored answers for requests that carried an Idempotency-Key (the form endpoints, kernel/form-flow.ts),
 * and the flow that runs a write under one (runIdempotent).
 *
 * A request first reserves its key with a random claim (status 0). Its answer is recorded only by
 * the holder of that claim, and in the same transaction as the row the answer describes
 * (completeIdempotencyKey takes the transaction), so a key and its row are stored together or not
 * at all. A reservation older than STALE_MS belonged to a request that died: a retry takes it over
 * with a new claim, and the dead request, should it wake up, can no longer record anything.
 */
export type Reservation =
  | { kind: 'reserved'; claim: string; takenOver: boolean }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' };

/** An unfinished reservation older than this belonged to a request that died; it may be taken over. */
const STALE_MS = 2 * 60_000;

export async function reserveIdempotencyKey(
  db: Db,
  endpoint: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<Reservation> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = randomUUID();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ endpoint, key, fingerprint, status: 0, body: null, created_at: now.toISOString(), claim })
      .onConflict((oc) => oc.columns(['endpoint', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'reserved', claim, takenOver: false };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // released between our insert and select: try again
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.status > 0 && row.body !== null) return { kind: 'replay', status: row.status, body: row.body };
    if (now.getTime() - Date.parse(row.created_at) <= STALE_MS) return { kind: 'in-flight' };

    // Take the dead request's reservation over, unless someone else just did.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ claim, created_at: now.toISOString() })
      .where('endpoint', '=', endpoint)
      .where('key', '=', key)
      .where('status', '=', 0)
      .where('created_at', '=', row.created_at)
      .where('claim', row.claim === null ? 'is' : '=', row.claim)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { kind: 'reserved', claim, takenOver: true };
  }
  return { kind: 'in-flight' };
}

/**
 * Records the answer, if `claim` still holds the key. Pass the transaction that writes the row the
 * answer describes. Returns false when the key was taken over (then roll that transaction back).
 */
export async function completeIdempotencyKey(db: Db, endpoint: string, key: string, claim: string, status: number, body: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ status, body })
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives an unfinished reservation up (the request failed in a way a retry may fix). */
async function releaseIdempotencyKey(db: Db, endpoint: string, key: string, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .where('status', '=', 0)
    .execute();
}

/** The stored answer for a key, if one was recorded. */
async function storedAnswer(db: Db, endpoint: string, key: string): Promise<{ status: number; body: string } | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'body'])
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && row.status > 0 && row.body !== null ? { status: row.status, body: row.body } : undefined;
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  inFlight: 'This request is already being processed. Please wait a moment and try again.',
  mismatch: 'This Idempotency-Key was already used for a different request.',
  invalid: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :',
} as const;

/** A decided answer: the status and the body to send (and, if keyed, to replay). */
export interface Outcome {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

/**
 * What a flow is given besides its data: `commit` runs the flow's write in one transaction with
 * the recording of the Idempotency-Key's answer (when the request carried one), so the row and its
 * key are stored together or not at all; `reference` is the request's stable name for outside
 * systems (the payment gateway): derived from the Idempotency-Key, so a retry reuses it.
 */
export interface KeyedContext {
  commit: (write: (trx: Db) => Promise<Outcome>) => Promise<Outcome>;
  reference: string;
}

export interface KeyedRequest {
  /** Scopes the key, e.g. 'forms/donations'. */
  endpoint: string;
  /** The Idempotency-Key header; undefined or empty: nothing is recorded. */
  key: string | undefined;
  /** What makes two requests "the same" (never card secrets); hashed before it is stored. Asked only when keyed. */
  fingerprint: () => unknown;
}

/** What runIdempotent answered, and whether the answer was replayed from the key's record. */
export interface KeyedOutcome {
  outcome: Outcome;
  replayed: boolean;
  /** A write committed by this request (the host may start delivering the mail it queued). */
  wrote: boolean;
}

class KeyTakenOverError extends Error {
  constructor() {
    super('The Idempotency-Key was taken over by a retry');
    this.name = 'KeyTakenOverError';
  }
}

/**
 * The payment reference for a keyed request: the same for every retry with the key, in the
 * characters Paystack allows (letters, digits, '-', '.', '='), and scoped to the endpoint.
 */
function gatewayReference(endpoint: string, key: string): string {
  return `itan-${createHash('sha256').update(`${endpoint}\n${key}`).digest('hex').slice(0, 40)}`;
}

/**
 * JSON with every object's keys sorted, at every depth (arrays keep their order): the same fields
 * sent in another order are the same request. Values JSON cannot hold are dropped as
 * JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    // fromEntries defines own properties, so even a "__proto__" key stays a field.
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]));
  });
}

/** A request's fingerprint: the hash of its canonical JSON. */
function sha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

const replayOf = (answer: { status: number; body: string }): KeyedOutcome => ({
  outcome: { status: answer.status as ContentfulStatusCode, body: JSON.parse(answer.body) as Record<string, unknown> },
  replayed: true,
  wrote: false,
});

const answerOnly = (status: ContentfulStatusCode, message: string): KeyedOutcome => ({
  outcome: { status, body: { ...failureBody(message) } },
  replayed: false,
  wrote: false,
});

/**
 * Runs `flow` once per Idempotency-Key: a retry with the same key and request gets the stored
 * answer (replayed), a different request under the key a 422, one still running a 409. Without a
 * key the write is simply its own transaction. A key that is not 8–128 safe characters is a 400.
 */
export async function runIdempotent(db: Db, request: KeyedRequest, flow: (ctx: KeyedContext) => Promise<Outcome>): Promise<KeyedOutcome> {
  const { endpoint, key } = request;
  if (!key) {
    // No key, nothing to record: the write is its own transaction (createRegistration opens one
    // where it needs it), and the gateway gets a reference of its own.
    // The write and the mail it owes are one transaction all the same.
    const outcome = await flow({ commit: (write) => db.transaction().execute(write), reference: `itan-${newId()}` });
    return { outcome, replayed: false, wrote: outcome.status < 300 };
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return { outcome: { status: 400, body: { ...failureBody(IDEMPOTENCY_MESSAGES.invalid, {}) } }, replayed: false, wrote: false };
  }

  const reservation = await reserveIdempotencyKey(db, endpoint, key, sha256(await request.fingerprint()));
  if (reservation.kind === 'replay') return replayOf(reservation);
  if (reservation.kind === 'in-flight') return answerOnly(409, IDEMPOTENCY_MESSAGES.inFlight);
  if (reservation.kind === 'mismatch') return answerOnly(422, IDEMPOTENCY_MESSAGES.mismatch);
  const { claim } = reservation;

  let recorded = false;
  const commit = async (write: (trx: Db) => Promise<Outcome>): Promise<Outcome> => {
    const outcome = await db.transaction().execute(async (trx) => {
      const result = await write(trx);
      // The answer goes in with the row, and only while this request still holds the key.
      if (!(await completeIdempotencyKey(trx, endpoint, key, claim, result.status, JSON.stringify(result.body)))) {
        throw new KeyTakenOverError();
      }
      return result;
    });
    recorded = true;
    return outcome;
  };

  let outcome: Outcome;
  try {
    outcome = await flow({ commit, reference: gatewayReference(endpoint, key) });
  } catch (error) {
    if (error instanceof KeyTakenOverError) {
      // A retry took the key over while this request was presumed dead; its answer stands.
      const answer = await storedAnswer(db, endpoint, key);
      return answer ? replayOf(answer) : answerOnly(409, IDEMPOTENCY_MESSAGES.inFlight);
    }
    await releaseIdempotencyKey(db, endpoint, key, claim).catch(() => undefined);
    throw error;
  }
  if (recorded) return { outcome, replayed: false, wrote: outcome.status < 300 };
  // An answer that wrote nothing (declined card, capacity reached): settled answers are kept;
  // a server-side failure (gateway down) may succeed on retry, so its key is given up.
  if (outcome.status >= 500) await releaseIdempotencyKey(db, endpoint, key, claim);
  else await completeIdempotencyKey(db, endpoint, key, claim, outcome.status, JSON.stringify(outcome.body));
  return { outcome, replayed: false, wrote: false };
}
