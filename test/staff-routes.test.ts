import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS, STAFF_ACTIONS_UNPOSTED, STAFF_FILES, STAFF_PAGES, STAFF_ROUTES_UNCHECKED } from '@/e2e/support/staff-routes';

/**
 * The staff area's hand lists (e2e/support/staff-routes.ts, which e2e/staff-admin.spec.ts walks
 * with no session, dead sessions and another origin) held against app/staff itself: every page and
 * route handler is listed (or exempted with a reason) and every listed address is a real route;
 * every server action is posted by a case (or exempted with a reason) and every case names a real
 * action. And each is a staff one by construction: built with lib/staff/action.ts, so none relies
 * on a layout for its session check.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const STAFF_DIR = path.join(ROOT, 'app/staff');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** '/staff/inbox/[kind]/[id]' for app/staff/inbox/[kind]/[id]/page.tsx (route groups left out). */
function routeOf(file: string): string {
  const segments = path.relative(path.join(ROOT, 'app'), path.dirname(file)).split(path.sep);
  return `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join('/')}`;
}

const staffFiles = filesUnder(STAFF_DIR).filter((f) => !/\.test\.tsx?$/.test(f));
const pages = staffFiles.filter((f) => path.basename(f) === 'page.tsx');
const handlers = staffFiles.filter((f) => path.basename(f) === 'route.ts');
const routes = [...pages, ...handlers].map(routeOf).sort();

/** The route an address lands on: Next prefers a static segment to a dynamic one. */
function routeFor(address: string): string | undefined {
  const segments = address.split(/[?#]/)[0]!.split('/');
  const matching = routes.filter((route) => {
    const parts = route.split('/');
    return parts.length === segments.length && parts.every((part, i) => part === segments[i] || /^\[[^\]]+\]$/.test(part));
  });
  const dynamicCount = (route: string) => (route.match(/\[/g) ?? []).length;
  return matching.sort((a, b) => dynamicCount(a) - dynamicCount(b))[0];
}

/** 'use server' modules of the staff area: app/staff/** and lib/staff/*. */
const actionFiles = [...staffFiles, ...filesUnder(path.join(ROOT, 'lib/staff'))].filter((f) => /\.tsx?$/.test(f) && /^\s*'use server';/.test(read(f)));

/** The names a 'use server' module exports (each is a server action). */
function exportsOf(file: string): string[] {
  return [...read(file).matchAll(/^export (?:const|async function) (\w+)/gm)].map((m) => m[1]!);
}

const isLogin = (file: string) => relative(file).startsWith('app/staff/login/');

describe('the staff route list (e2e/support/staff-routes.ts)', () => {
  it('finds the staff area’s pages and routes', () => {
    expect(routes).toContain('/staff');
    expect(routes).toContain('/staff/export/[kind]');
    expect(routes).toContain('/staff/inbox/[kind]/[id]');
  });

  it('names every staff page and route handler, or says why not', () => {
    const listed = new Set([...STAFF_PAGES, ...STAFF_FILES].map(routeFor));
    const missing = routes.filter((route) => !listed.has(route) && !Object.hasOwn(STAFF_ROUTES_UNCHECKED, route));
    expect(missing, 'add these to STAFF_PAGES or STAFF_FILES (or STAFF_ROUTES_UNCHECKED with a reason)').toEqual([]);
    for (const route of Object.keys(STAFF_ROUTES_UNCHECKED)) expect(routes, `${route} (unchecked) is a route`).toContain(route);
    for (const route of Object.keys(STAFF_ROUTES_UNCHECKED)) expect(listed.has(route), `${route} is listed and unchecked`).toBe(false);
  });

  it('lists only addresses that are staff routes: pages as pages, files as route handlers', () => {
    const pageRoutes = new Set(pages.map(routeOf));
    const handlerRoutes = new Set(handlers.map(routeOf));
    for (const address of STAFF_PAGES) expect(pageRoutes.has(routeFor(address) ?? ''), `${address} is a staff page`).toBe(true);
    for (const address of STAFF_FILES) expect(handlerRoutes.has(routeFor(address) ?? ''), `${address} is a staff route handler`).toBe(true);
  });

  it('posts every staff server action, or says why not; every case names a real action on a listed page', () => {
    const actions = new Set(actionFiles.flatMap(exportsOf));
    expect(actions).toContain('accountsAction');
    const posted = new Set(STAFF_ACTIONS.map((c) => c.action));
    const missing = [...actions].filter((name) => !posted.has(name) && !Object.hasOwn(STAFF_ACTIONS_UNPOSTED, name));
    expect(missing, 'add a case to STAFF_ACTIONS (or STAFF_ACTIONS_UNPOSTED with a reason)').toEqual([]);
    for (const name of [...posted, ...Object.keys(STAFF_ACTIONS_UNPOSTED)]) expect(actions, `${name} is a staff server action`).toContain(name);
    for (const name of Object.keys(STAFF_ACTIONS_UNPOSTED)) expect(posted.has(name), `${name} is posted and unposted`).toBe(false);
    for (const c of STAFF_ACTIONS) expect(STAFF_PAGES, `${c.name}: its page is listed`).toContain(c.page);
  });
});

describe('the staff area by construction', () => {
  it('builds every staff page with staffPage and every route handler with staffRoute', () => {
    for (const file of pages.filter((f) => !isLogin(f))) expect(read(file), relative(file)).toMatch(/^export default staffPage\(\{ role: '(staff|admin)'/m);
    for (const file of handlers) expect(read(file), relative(file)).toMatch(/^export const (GET|POST) = staffRoute\b/m);
  });

  it('builds every staff server action with the builder (the sign-in aside)', () => {
    for (const file of actionFiles.filter((f) => !isLogin(f))) {
      const source = read(file);
      expect(source, relative(file)).not.toMatch(/^export async function/m);
      for (const name of exportsOf(file)) {
        const built = new RegExp(`^export const ${name} = (staffAction|staffRedirectAction|staffCall)\\b|^export const ${name} = (\\w+)\\(`, 'm').exec(source);
        expect(built, `${relative(file)}: ${name}`).not.toBeNull();
        // A wrapper (the inbox's three changes, here; the campaign sections', imported from a
        // sibling module) must itself return the builder's action.
        if (built && !built[1]) {
          const from = new RegExp(`^import \\{[^}]*\\b${built[2]}\\b[^}]*\\} from '(\\.[^']+)';`, 'm').exec(source)?.[1];
          const where = from ? read(path.resolve(path.dirname(file), `${from}.ts`)) : source;
          expect(where, `${relative(file)}: ${built[2]} builds with staffAction`).toMatch(new RegExp(`function ${built[2]}\\([^]*?return (staffAction|staffRedirectAction)\\(`));
        }
      }
    }
  });

  it('never lets a layout stand guard, and never reads a setting', () => {
    for (const file of staffFiles) {
      const source = read(file);
      expect(source, relative(file)).not.toMatch(/\brequire(Staff|Admin)\(/);
      expect(source, relative(file)).not.toMatch(/['"`]\/api\//);
      expect(source, relative(file)).not.toMatch(/\b(getConfig|isPublishingEnabled|usesBuiltInBackend|process\.env)\b/);
    }
  });
});
