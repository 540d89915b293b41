import type { z } from 'zod';
import type { Db, Database } from '../db/schema';
import type { FormFlow } from '../kernel/form-flow';
import { newId, nowIso } from '../kernel/ids';
import { success, type IdField } from '../kernel/results';
import type { MailKind } from '../mail';
import { enqueue } from '../outbox/queue';

/**
 * A stored public form's backend (docs/adding-a-form.md): its row written and its acknowledgement
 * queued in one transaction (`ctx.commit`, which also records an Idempotency-Key's answer), the
 * contract's answer, and what the composition root reads off it: the path app.ts mounts under
 * /forms, the mail kind mail-kinds.ts registers, the table data requests find and erase by email.
 * Each form is one module (partnership.ts...), listed in index.ts.
 */
export interface StoredForm<T extends keyof Database = keyof Database> {
  /** Under /api/forms (the contract's endpoint path): `/partnerships`. */
  path: `/${string}`;
  flow: () => FormFlow<z.ZodType>;
  /** Its acknowledgement, if it sends one. */
  mail?: MailKind;
  /** The table it writes, with the visitor's `email` (a data request finds, exports and erases it). */
  table: T;
}

/** A row a form stores: its id and the (lower-cased) address its acknowledgement goes to. */
interface StoredRow {
  id: string;
  email: string;
}

export interface StoredFormSpec<T extends keyof Database, S extends z.ZodType, R extends StoredRow, P extends z.ZodType> {
  path: `/${string}`;
  table: T;
  schema: S;
  /** The answer's id field (`partnershipId`) and its success message. */
  idField: IdField;
  message: string;
  /** Writes the row; `db` first, it runs in the transaction. */
  insert: (db: Db, input: z.output<S>, now: string) => Promise<R>;
  /** The acknowledgement and its payload for a row. */
  mail?: { kind: MailKind<P>; payload: (row: R) => z.output<P> };
  /** The answer's `data` for a row. */
  data: (row: R) => Record<string, unknown>;
}

/** A stored form from its parts: the flow writes, queues and answers; a bot gets a fresh id and nothing stored. */
export function storedForm<T extends keyof Database, S extends z.ZodType, R extends StoredRow, P extends z.ZodType>(spec: StoredFormSpec<T, S, R, P>): StoredForm<T> {
  const flow = (): FormFlow<S> => ({
    schema: spec.schema,
    handle: (input, { commit }) =>
      commit(async (trx) => {
        const row = await spec.insert(trx, input, nowIso());
        if (spec.mail) await enqueue(trx, spec.mail.kind.entry(row.email, spec.mail.payload(row)));
        return success(spec.idField, row.id, spec.message, spec.data(row));
      }),
    decoy: () => success(spec.idField, newId(), spec.message, {}),
  });
  return { path: spec.path, table: spec.table, mail: spec.mail?.kind as MailKind | undefined, flow: flow as () => FormFlow<z.ZodType> };
}
