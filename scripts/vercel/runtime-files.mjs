/**
 * The files our server code opens at run time by path, which a deployed function must therefore
 * carry, and the rules that say which function needs which. One list, shared by
 * scripts/vercel-check.mjs (which reads `vercel build`'s Build Output API v3 files) and by
 * runtime-files.test.ts (which checks the list against the code, so it cannot drift silently).
 *
 * How the list was made: every file under app/, lib/, backend/, components/, proxy.ts and
 * instrumentation.ts that touches the file system or imports a package with a native binding
 * (the test finds them again on each run and compares with FILE_SYSTEM_USERS below).
 */

/** lib/seo/og-fonts.ts reads these with readFile(process.cwd() + path) for next/og images. */
export const OG_FONT_FILES = [
  'lib/seo/fonts/fraunces-700-normal.ttf',
  'lib/seo/fonts/space-grotesk-400-normal.ttf',
  'lib/seo/fonts/space-grotesk-700-normal.ttf',
];

/**
 * Packages with a native binding that our server code loads, and the files each needs: the
 * binding itself and the JavaScript that loads it (serverExternalPackages: loaded from
 * node_modules at run time, not bundled).
 */
export const NATIVE_PACKAGES = {
  'better-sqlite3': [
    'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    'node_modules/better-sqlite3/lib/index.js',
    'node_modules/better-sqlite3/lib/database.js',
    'node_modules/better-sqlite3/package.json',
    'node_modules/bindings/bindings.js',
  ],
  // backend/mail/qr-png.ts: the ticket mail's QR code (mail is composed wherever the backend runs:
  // after() in any function on Vercel, the loop on one server); backend/reports/process-image.ts: staff
  // image uploads (the backend's admin routes). Linux x64 builds, as Vercel's.
  sharp: [
    'node_modules/sharp/package.json',
    'node_modules/sharp/dist/index.cjs',
    'node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node',
    'node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7',
  ],
};

/**
 * Every server source file that touches the file system or loads a native package, and why that
 * needs nothing beyond the lists above. The unit test fails when a file starts or stops doing so
 * without this record changing with it.
 */
export const FILE_SYSTEM_USERS = {
  'lib/seo/og-fonts.ts': 'reads OG_FONT_FILES',
  'lib/backend/relay-outbox.ts': 'imports and renames the old outbox.sqlite under DATA_DIR once (data, nothing to ship); loads better-sqlite3',
  'backend/kernel/private-files.ts': 'makes the folders and files under DATA_DIR and BACKUP_DIR owner-only: the SQLite file, the .eml files written under DATA_DIR/mail when SMTP_URL is unset, backups (data written at run time, nothing to ship)',
  'backend/db/connect.ts': 'creates DATA_DIR for the SQLite file (data, nothing to ship); loads better-sqlite3',
  'backend/mail/qr-png.ts': 'loads sharp (the ticket QR code PNG)',
  'backend/reports/process-image.ts': 'loads sharp (staff image uploads: checked, resized, metadata stripped)',
  'backend/backup/files.ts': 'npm run backup/restore only (command line, never in a function): backup files under BACKUP_DIR',
  'backend/backup/index.ts': 'npm run backup/restore only (command line, never in a function): the backup and restore steps',
  'backend/backup/postgres.ts': 'npm run backup/restore only (command line, never in a function): runs pg_dump, pg_restore and psql',
  'backend/backup/sqlite.ts': 'npm run backup/restore only (command line, never in a function): copies and checks the SQLite file; loads better-sqlite3',
};

/**
 * Routes that never reach the built-in backend: no content, no form, no footer newsletter action.
 * Every other route does (pages read content in-process and carry the footer's newsletter server
 * action; /api mounts the backend; feeds, the sitemap and OG images read content), so its function
 * needs the SQLite binding. A new route needs it by default.
 */
export const ROUTES_WITHOUT_BACKEND = ['/robots.txt', '/icon.svg', '/festival.ics', '/_global-error'];

/** Routes the build must produce, so that a renamed or lost route cannot pass the check unseen. */
export const EXPECTED_ROUTES = [
  '/',
  '/about',
  '/api/[...path]',
  '/highlights/[slug]',
  '/highlights/[slug]/opengraph-image',
  '/highlights/[slug]/twitter-image',
  '/register',
];

/** next/og image routes (the file convention's names, and the ticket's saved image) render with our fonts. */
export const isOgImageRoute = (route) => /\/(opengraph|twitter)-image$/.test(route) || route === '/tickets/[reference]/ticket.png';

/** What one route's function must carry: [{ file, why }]. */
export function requiredFiles(route) {
  const needs = [];
  if (!ROUTES_WITHOUT_BACKEND.includes(route)) {
    for (const file of NATIVE_PACKAGES['better-sqlite3']) {
      needs.push({ file, why: 'the built-in backend (SQLite) runs in this function' });
    }
    for (const file of NATIVE_PACKAGES.sharp) {
      needs.push({ file, why: 'the built-in backend composes ticket mail (QR code) in this function' });
    }
  }
  if (isOgImageRoute(route)) {
    for (const file of OG_FONT_FILES) needs.push({ file, why: 'lib/seo/og-fonts.ts reads it' });
  }
  return needs;
}

/**
 * Files the proxy (middleware) must not need: Next's build manifests and prerendered output. It
 * renders nothing and reads nothing; it only sets headers.
 */
export const PROXY_FORBIDDEN = [
  { pattern: /(^|\/)\.next[^/]*\/.*manifest[^/]*\.(json|js)$/, what: 'a Next build manifest' },
  { pattern: /(^|\/)\.next[^/]*\/server\/(app|pages)\//, what: 'prerendered or page output' },
  { pattern: /\.(html|rsc|body|meta|prefetch\.rsc)$/, what: 'prerendered output' },
];

/**
 * Checks functions read from .vercel/output. Each function is { name, routes, files } where
 * routes are the URL routes served by it and files the paths it carries (filePathMap keys and
 * files inside its .func folder). Returns the problems found, each naming the function and file.
 */
export function findProblems(functions, { proxyName = '_middleware' } = {}) {
  const problems = [];
  const served = new Set(functions.flatMap((f) => f.routes));
  for (const route of EXPECTED_ROUTES) {
    if (!served.has(route)) problems.push({ fn: '(none)', file: '', message: `no function serves ${route}` });
  }
  for (const fn of functions) {
    if (fn.name === proxyName) {
      for (const file of fn.files) {
        const hit = PROXY_FORBIDDEN.find(({ pattern }) => pattern.test(file));
        if (hit) problems.push({ fn: fn.name, file, message: `the proxy carries ${hit.what}: ${file}` });
      }
      continue;
    }
    const seen = new Set();
    for (const route of fn.routes) {
      for (const { file, why } of requiredFiles(route)) {
        if (fn.files.has(file) || seen.has(file)) continue;
        seen.add(file);
        problems.push({ fn: fn.name, file, message: `${fn.name} (serves ${route}) lacks ${file}: ${why}` });
      }
    }
  }
  return problems;
}

/** "index" -> "/", "about.rsc" -> "/about", "x.segments/…" -> undefined (not a route of its own). */
export function routeOfFunctionPath(relativePath) {
  const p = relativePath.replace(/\\/g, '/').replace(/\.func$/, '');
  if (p.includes('.segments/')) return undefined;
  const route = p.replace(/\.rsc$/, '');
  if (route === 'index') return '/';
  return `/${route}`;
}
