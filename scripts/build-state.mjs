// When does the production build need remaking? Shared by `npm start` and `npm run bench`.
// Pages are prerendered at build with the site's configuration (SITE_URL is in every canonical
// URL; the dates and form links are on the pages), so a build is stale when a source file is
// newer than it, or when that configuration differs from the one it was made with.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCES = [
  'app', 'components', 'lib', 'backend', 'contract', 'public', 'proxy.ts', 'instrumentation.ts',
  'next.config.ts', 'package.json', '.env', '.env.local', '.env.production', '.env.production.local',
];
/** lib/config.ts: the variables prerendered pages depend on. */
export const BUILD_ENV_KEYS = ['SITE_URL', 'API_BASE_URL', 'REGISTRATION_FORM_URL', 'VOLUNTEER_FORM_URL', 'FESTIVAL_START_DATE', 'FESTIVAL_END_DATE'];
const STAMP = 'festival-build-env.json';

export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.next')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const envOf = (env) => JSON.stringify(Object.fromEntries(BUILD_ENV_KEYS.map((k) => [k, env[k] ?? null])));

/** Why the build in `distDir` must be remade, or undefined when it is current. */
export function staleReason(root, distDir, env = process.env, sources = SOURCES) {
  const buildId = join(root, distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return 'no build yet';
  const built = statSync(buildId).mtimeMs;
  if (sources.some((s) => newestMtime(join(root, s)) > built)) return 'sources changed since the last build';
  let stamped;
  try {
    stamped = readFileSync(join(root, distDir, STAMP), 'utf8');
  } catch {
    return 'the build does not record its configuration';
  }
  if (stamped !== envOf(env)) return 'configuration changed since the last build';
  return undefined;
}

/** Record the configuration a successful build was made with. */
export function stampBuild(root, distDir, env = process.env) {
  writeFileSync(join(root, distDir, STAMP), envOf(env));
}
