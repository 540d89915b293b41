import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { VOLUNTEER_ROLE_IDS } from '@/contract/festival';
import { createApp, type BackendApp } from '../../backend/app';
import { parseBackendConfig, type BackendConfig } from '../../backend/kernel/config';
import { TEST_EDITION_ENV, TEST_EDITION_KEY } from './edition-env';
import { connectDb, type DbHandle } from '../../backend/db/connect';
import { migrateToLatest } from '../../backend/db/migrate';
import { seedContent } from '../../backend/db/seed';
import { currentEdition } from '../../backend/edition/service';
import { createSandboxGateway, type PaymentGateway, type PaystackCheckout } from '../../backend/payments';
import type { AppDeps, Logger } from '../../backend/kernel/deps';
import { silentLogger } from '@/backend/kernel/log';

/**
 * Real databases for backend tests: a temporary SQLite file always, and a PostgreSQL database of
 * its own (created here, dropped afterwards) when TEST_DATABASE_URL points at a server.
 */
export interface TestDatabase {
  handle: DbHandle;
  /** The SQLite file, or undefined on PostgreSQL. */
  file: string | undefined;
  /** The PostgreSQL database's URL (DATABASE_URL for a backend of its own), or undefined on SQLite. */
  databaseUrl?: string | undefined;
  /** A second, independent connection to the same database (another "process"). */
  connectAgain: () => DbHandle;
  drop: () => Promise<void>;
}

export interface DbTarget {
  name: 'sqlite' | 'postgres';
  create: () => Promise<TestDatabase>;
}

const sqliteTarget: DbTarget = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-backend-test-'));
    const file = path.join(dir, 'festival.sqlite');
    const extra: DbHandle[] = [];
    const handle = connectDb({ sqlitePath: file });
    return {
      handle,
      file,
      connectAgain: () => {
        const h = connectDb({ sqlitePath: file });
        extra.push(h);
        return h;
      },
      drop: async () => {
        for (const h of extra) await h.close();
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgresTarget(adminUrl: string): DbTarget {
  return {
    name: 'postgres',
    async create() {
      const name = `festival_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const extra: DbHandle[] = [];
      const handle = connectDb({ databaseUrl: url.toString(), sqlitePath: '', poolSize: 10 });
      return {
        handle,
        file: undefined,
        databaseUrl: url.toString(),
        connectAgain: () => {
          const h = connectDb({ databaseUrl: url.toString(), sqlitePath: '', poolSize: 10 });
          extra.push(h);
          return h;
        },
        drop: async () => {
          for (const h of extra) await h.close();
          await handle.close();
          const cleanup = new pg.Client({ connectionString: adminUrl });
          await cleanup.connect();
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.end();
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (scripts/test.sh sets it). */
export const dbTargets: DbTarget[] = [
  sqliteTarget,
  ...(process.env.TEST_DATABASE_URL ? [postgresTarget(process.env.TEST_DATABASE_URL)] : []),
];

export { TEST_EDITION_ENV, TEST_EDITION_KEY };

export function testConfig(env: Record<string, string> = {}): BackendConfig {
  return parseBackendConfig({ DATA_DIR: os.tmpdir(), RATE_LIMIT_MAX: '0', ...TEST_EDITION_ENV, ...env });
}

export interface TestApp {
  app: BackendApp;
  config: BackendConfig;
}

/** A migrated, seeded database behind a fresh app. */
export async function buildApp(
  handle: DbHandle,
  options: { env?: Record<string, string>; gateway?: PaymentGateway; checkout?: PaystackCheckout; log?: Logger; onOutboxWrite?: AppDeps['onOutboxWrite'] } = {},
): Promise<TestApp> {
  await migrateToLatest(handle.db);
  const config = testConfig(options.env);
  // The seeded programme is written for the edition the app runs in, as backend/start.ts seeds it.
  await seedContent(handle.db, config.now(), await currentEdition(handle.db, config));
  const app = createApp({
    db: handle.db,
    dialect: handle.dialect,
    config,
    gateway: options.gateway ?? createSandboxGateway(),
    ...(options.checkout ? { checkout: options.checkout } : {}),
    ...(options.onOutboxWrite ? { onOutboxWrite: options.onOutboxWrite } : {}),
    log: options.log ?? silentLogger,
  });
  return { app, config };
}

/** JSON POST through app.request(). */
export function postJson(app: BackendApp, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Valid payloads for every form endpoint (tests vary them). */
export const validPayloads = {
  newsletter: () => ({ email: 'reader@example.com' }),
  registration: (tickets = 2) => ({
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    phone: '+234 801 234 5678',
    numberOfTickets: tickets,
    submittedAt: '2025-09-01T10:00:00.000Z',
  }),
  partnership: () => ({
    firstName: 'Tunde',
    lastName: 'Bello',
    email: 'tunde@example.org',
    phone: '08012345678',
    organization: 'Ake Books',
    proposal: 'We would like to sponsor the young readers tent and donate two hundred books to the library.',
    submittedAt: '2025-09-01T10:00:00.000Z',
  }),
  volunteer: () => ({
    firstName: 'Kemi',
    lastName: 'Ade',
    email: 'kemi@example.com',
    phone: '08098765432',
    roles: [VOLUNTEER_ROLE_IDS[0], VOLUNTEER_ROLE_IDS[2]],
    availability: 'both-days',
    message: 'I have stewarded at two festivals before.',
    submittedAt: '2025-09-01T10:00:00.000Z',
  }),
  donation: (card: Partial<{ number: string; expiry: string; cvc: string; holder: string }> = {}, amount: number | string = 5000) => ({
    amount,
    currency: 'NGN',
    donor: {
      firstName: 'Chidi',
      lastName: 'Eze',
      email: 'chidi@example.com',
      phone: '+2348011122233',
      address: { street: '12 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' },
    },
    card: { number: '4084 0840 8408 4081', expiry: '12/39', cvc: '408', holder: 'Chidi Eze', ...card },
    source: 'frontend',
  }),
};

export const FORM_TABLES = {
  newsletter: 'newsletter_subscriptions',
  registrations: 'registrations',
  partnerships: 'partnerships',
  donations: 'donations',
  volunteer: 'volunteer_applications',
} as const;

export async function countRows(handle: DbHandle, table: (typeof FORM_TABLES)[keyof typeof FORM_TABLES]): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
