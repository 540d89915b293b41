import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { PASSWORD_MIN_CHARS } from '@/contract/api/admin';
import { staffPasswordSchema } from '@/contract/api/staff';
import { EMAIL_RULES, NAME_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';
import { upsertStaffUser } from '../auth/queries';
import { openConfiguredDb } from './open-db';

/**
 * `npm run staff:create -- --email ada@example.org --name "Ada Obi"`: creates a staff account (or
 * sets a new password for an existing one). The password comes from STAFF_PASSWORD, or is asked
 * for on the terminal without being echoed. It never goes on the command line (shell history).
 */
const USAGE = 'Usage: npm run staff:create -- --email <email> --name "<full name>"   (password: STAFF_PASSWORD or prompt)';

/** The same rules as the admins' accounts form: the email in its canonical form, the name one line. */
const inputSchema = z.object({
  email: textField(EMAIL_RULES),
  name: textField(NAME_RULES),
  password: staffPasswordSchema,
});

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!process.stdin.isTTY) {
      // Piped input: read one line.
      const rl = createInterface({ input: process.stdin });
      rl.once('line', (line) => {
        rl.close();
        resolve(line);
      });
      rl.once('close', () => resolve(''));
      return;
    }
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const password = process.env.STAFF_PASSWORD ?? (await promptHidden(`Password (at least ${PASSWORD_MIN_CHARS} characters): `));
  const parsed = inputSchema.safeParse({ email: values.email ?? '', name: values.name ?? '', password });
  if (!parsed.success) {
    console.error(`staff:create: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const handle = await openConfiguredDb();
  try {
    const { user, created } = await upsertStaffUser(handle.db, parsed.data);
    console.log(created ? `Created staff account ${user.email} (${user.name}).` : `Updated staff account ${user.email} (${user.name}); its existing sign-ins were ended.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`staff:create failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
