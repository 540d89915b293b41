import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OG_FONT_PATHS } from '@/lib/seo/og-fonts';
import {
  EXPECTED_ROUTES,
  FILE_SYSTEM_USERS,
  NATIVE_PACKAGES,
  OG_FONT_FILES,
  findProblems,
  requiredFiles,
  routeOfFunctionPath,
  type BuiltFunction,
} from './runtime-files.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Server source files: what runs inside a deployed function (tests and test helpers excluded). */
function serverSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support' && entry.name !== 'testing' && entry.name !== 'node_modules') walk(rel);
      } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(rel);
      }
    }
  };
  for (const dir of ['app', 'lib', 'backend', 'components']) walk(dir);
  for (const file of ['proxy.ts', 'instrumentation.ts']) if (fs.existsSync(path.join(root, file))) out.push(file);
  return out;
}

const FILE_SYSTEM_USE = /from ['"](node:)?fs(\/promises)?['"]|require\(['"](node:)?fs|process\.cwd\(\)|__dirname|import\.meta\.(url|dirname|filename)/;

/** Bare package names a file imports (static or dynamic). */
function importedPackages(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/(?:from|import\()\s*['"]([^'"./@][^'"]*|@[^'"/]+\/[^'"/]+)[^'"]*['"]/g)) {
    const spec = match[1]!;
    if (spec.startsWith('node:')) continue;
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  return [...names];
}

/** A package that ships or builds a native binding. */
function isNative(pkg: string): boolean {
  const dir = path.join(root, 'node_modules', pkg);
  if (!fs.existsSync(path.join(dir, 'package.json'))) return false;
  if (fs.existsSync(path.join(dir, 'binding.gyp')) || fs.existsSync(path.join(dir, 'prebuilds'))) return true;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    gypfile?: boolean;
    optionalDependencies?: Record<string, string>;
  };
  return Boolean(manifest.gypfile) || Object.keys(manifest.optionalDependencies ?? {}).some((d) => /-(linux|darwin|win32)-/.test(d));
}

describe('the runtime file list matches the code', () => {
  const sources = serverSources().map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));

  it('scans the server code (a scan that finds nothing proves nothing)', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.map((s) => s.file)).toContain('lib/seo/og-fonts.ts');
  });

  it('accounts for every server file that uses the file system or a native package, and only those', () => {
    const native = new Set(Object.keys(NATIVE_PACKAGES));
    const found = sources
      .filter(({ text }) => FILE_SYSTEM_USE.test(text) || importedPackages(text).some((p) => native.has(p)))
      .map((s) => s.file)
      .sort();
    expect(found).toEqual(Object.keys(FILE_SYSTEM_USERS).sort());
  });

  it('lists exactly the native packages the server code imports', () => {
    const imported = new Set(sources.flatMap(({ text }) => importedPackages(text)));
    // next's optional dependencies are its compiler binaries (used at build) and sharp (image
    // optimisation, done by Vercel's own service there): Next and Vercel's builder own next's files.
    const native = [...imported].filter((p) => p !== 'next' && isNative(p)).sort();
    expect(native).toEqual(Object.keys(NATIVE_PACKAGES).sort());
  });

  it('lists exactly the fonts lib/seo/og-fonts.ts reads, and they are installed', () => {
    expect([...OG_FONT_FILES].sort()).toEqual([...OG_FONT_PATHS].sort());
    for (const file of OG_FONT_FILES) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('names files that exist for every native package', () => {
    for (const file of Object.values(NATIVE_PACKAGES).flat()) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});

describe('findProblems', () => {
  const everything = (routes: string[]): Set<string> => new Set(routes.flatMap((r) => requiredFiles(r).map((n) => n.file)));
  const pages = ['/', '/about', '/register', '/highlights/[slug]'];
  const api = ['/api/[...path]', '/highlights/[slug]/opengraph-image', '/highlights/[slug]/twitter-image'];
  const complete = (): BuiltFunction[] => [
    { name: '[slug]', routes: pages, files: everything(pages) },
    { name: 'api/[...path]', routes: api, files: everything(api) },
    { name: '_middleware', routes: [], files: new Set(['.next/server/middleware.js', '.next/server/chunks/a.js']) },
  ];

  it('passes a build where every function carries what it needs', () => {
    expect(findProblems(complete())).toEqual([]);
  });

  it('names the function and the file when an OG image function lacks a font', () => {
    const fns = complete();
    fns[1]!.files.delete(OG_FONT_FILES[2]!);
    const problems = findProblems(fns);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ fn: 'api/[...path]', file: OG_FONT_FILES[2] });
    expect(problems[0]!.message).toContain('/highlights/[slug]/opengraph-image');
  });

  it('fails a page function without the SQLite binding', () => {
    const fns = complete();
    fns[0]!.files.delete('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(findProblems(fns).map((p) => [p.fn, p.file])).toEqual([
      ['[slug]', 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'],
    ]);
  });

  it('does not ask routes that never reach the backend for the binding', () => {
    expect(requiredFiles('/robots.txt')).toEqual([]);
    expect(requiredFiles('/about').map((n) => n.file)).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });

  it('fails a proxy that carries build manifests or prerendered pages', () => {
    const fns = complete();
    fns[2]!.files.add('.next/prerender-manifest.json');
    fns[2]!.files.add('.next-x/server/app/about.html');
    expect(findProblems(fns).map((p) => p.file)).toEqual(['.next/prerender-manifest.json', '.next-x/server/app/about.html']);
  });

  it('fails when an expected route is missing from the build', () => {
    const fns = complete();
    fns[1]!.routes = ['/api/[...path]'];
    expect(findProblems(fns).map((p) => p.message)).toEqual([
      'no function serves /highlights/[slug]/opengraph-image',
      'no function serves /highlights/[slug]/twitter-image',
    ]);
    expect(EXPECTED_ROUTES).toContain('/highlights/[slug]/opengraph-image');
  });
});

describe('routeOfFunctionPath', () => {
  it('maps Build Output API function folders to routes', () => {
    expect(routeOfFunctionPath('index.func')).toBe('/');
    expect(routeOfFunctionPath('about.rsc.func')).toBe('/about');
    expect(routeOfFunctionPath('api/[...path].func')).toBe('/api/[...path]');
    expect(routeOfFunctionPath('highlights/[slug]/opengraph-image.func')).toBe('/highlights/[slug]/opengraph-image');
    expect(routeOfFunctionPath('_global-error.segments/_full.segment.rsc.func')).toBeUndefined();
  });
});
