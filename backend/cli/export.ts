import { EXPORT_KINDS, exportCsv, isExportKind } from '../export/csv';
import { openConfiguredDb } from './open-db';

/** `npm run export -- <kind> > file.csv`: the organisers' CSV, the same as GET /api/admin/export/<kind>.csv. */
async function main() {
  const kind = process.argv[2];
  if (!kind || !isExportKind(kind)) {
    console.error(`Usage: npm run export -- <${EXPORT_KINDS.join('|')}>  (CSV on stdout)`);
    process.exitCode = 2;
    return;
  }
  const handle = await openConfiguredDb();
  try {
    process.stdout.write(await exportCsv(handle.db, kind));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`export failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
