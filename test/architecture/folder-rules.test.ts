import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The folder rules of .dependency-cruiser.cjs fail on a probe. Each probe is one import across a
 * boundary, written in a temporary copy (the rule file, tsconfig.json and the real files the probes
 * import, at their real paths), never in the working tree; depcruise reads it as it reads the
 * repository (`npm run architecture`), one level deep, and must report each probe's rule.
 */
const ROOT = process.cwd();
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');

interface Probe {
  file: string;
  imports: string;
  /** The rules it must break; none for the control probe. */
  breaks: string[];
}

const PROBES: Probe[] = [
  { file: 'backend/tickets/probe-feature.ts', imports: '../waiting-list/service', breaks: ['backend-features-never-import-each-other'] },
  // With the one above, a folder cycle between two features.
  { file: 'backend/waiting-list/probe-feature.ts', imports: '../tickets/queries', breaks: ['backend-features-never-import-each-other', 'no-folder-cycle-among-backend-features'] },
  { file: 'backend/forms/probe-app.ts', imports: '../app', breaks: ['backend-features-never-import-each-other', 'only-the-composition-root-imports-the-app'] },
  { file: 'backend/mail/probe-service.ts', imports: '../tickets/links', breaks: ['backend-service-mail-stays-below-features'] },
  { file: 'backend/kernel/probe-base.ts', imports: '../outbox/queue', breaks: ['backend-base-imports-only-the-base'] },
  { file: 'backend/probe-folder/probe.ts', imports: '../kernel/ids', breaks: ['backend-folders-are-known'] },
  { file: 'lib/backend/probe-internal.ts', imports: '@/backend/kernel/config', breaks: ['the-backend-has-one-front'] },
  { file: 'scripts/probe-e2e.mjs', imports: '../e2e/support/routes.ts', breaks: ['no-import-back-up-between-top-level-folders'] },
  // The control: a feature may use the kernel, and lib/ the backend's front.
  { file: 'backend/tickets/probe-allowed.ts', imports: '../kernel/results', breaks: [] },
  { file: 'lib/backend/probe-allowed.ts', imports: '@/backend', breaks: [] },
];

/** The real file each probe imports (depcruise resolves it; one level deep, its own imports are not read). */
const IMPORTED = ['backend/waiting-list/service.ts', 'backend/tickets/queries.ts', 'backend/app.ts', 'backend/tickets/links.ts', 'backend/outbox/queue.ts', 'backend/kernel/ids.ts', 'backend/kernel/config.ts', 'backend/kernel/results.ts', 'backend/index.ts', 'e2e/support/routes.ts'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let copy: string;
let violations: Violation[];

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'architecture-probe-'));
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', ...IMPORTED]) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  for (const probe of PROBES) {
    mkdirSync(path.dirname(path.join(copy, probe.file)), { recursive: true });
    writeFileSync(path.join(copy, probe.file), `export * from '${probe.imports}';\n`);
  }
  const { stdout } = await promisify(execFile)(
    DEPCRUISE,
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--max-depth', '1', ...PROBES.map((p) => p.file)],
    { cwd: copy, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The rules a probe breaks: its own imports, and (folder rules) its folder's. */
function rulesBrokenBy(probe: Probe): string[] {
  const folder = path.dirname(probe.file);
  return violations.filter((v) => v.from === probe.file || v.from === folder).map((v) => v.rule.name);
}

describe('the folder rules of .dependency-cruiser.cjs', () => {
  it.each(PROBES.filter((p) => p.breaks.length > 0))('$file importing $imports breaks $breaks', (probe) => {
    expect(rulesBrokenBy(probe)).toEqual(expect.arrayContaining(probe.breaks));
  });

  it.each(PROBES.filter((p) => p.breaks.length === 0))('$file importing $imports breaks nothing', (probe) => {
    expect(violations.filter((v) => v.from === probe.file)).toEqual([]);
  });
});
