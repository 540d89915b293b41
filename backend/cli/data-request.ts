import { z } from 'zod';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';
import { countPersonalData, deletePersonalData, findPersonalData } from '../personal-data';
import { openConfiguredDb } from './open-db';

/**
 * A visitor's data request (NDPA 2023; the privacy notice says how to make one), on the
 * configured database:
 *   npm run data-request -- find   <email>            how many records of each kind
 *   npm run data-request -- export <email> > data.json every record, as JSON
 *   npm run data-request -- delete <email> --confirm  deletes every record, prints what went
 */
const USAGE = 'Usage: npm run data-request -- <find|export|delete> <email> [--confirm]';
const argsSchema = z.object({
  action: z.enum(['find', 'export', 'delete']),
  email: textField(EMAIL_RULES),
  confirm: z.boolean(),
});

async function main() {
  const [action, email, ...rest] = process.argv.slice(2);
  const parsed = argsSchema.safeParse({ action, email, confirm: rest.includes('--confirm') });
  if (!parsed.success) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const args = parsed.data;
  if (args.action === 'delete' && !args.confirm) {
    console.error(`Deleting is final: add --confirm to delete every record of ${args.email}.\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const handle = await openConfiguredDb();
  try {
    if (args.action === 'find') {
      const counts = countPersonalData(await findPersonalData(handle.db, args.email));
      process.stdout.write(`${JSON.stringify({ email: args.email, records: counts }, null, 2)}\n`);
    } else if (args.action === 'export') {
      const data = await findPersonalData(handle.db, args.email);
      process.stdout.write(`${JSON.stringify({ email: args.email, exportedAt: new Date().toISOString(), records: data }, null, 2)}\n`);
    } else {
      const deleted = await deletePersonalData(handle.db, handle.dialect, args.email);
      const left = countPersonalData(await findPersonalData(handle.db, args.email));
      process.stdout.write(`${JSON.stringify({ email: args.email, deleted, remaining: left }, null, 2)}\n`);
      if (Object.values(left).some((n) => n > 0)) process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`data-request failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
