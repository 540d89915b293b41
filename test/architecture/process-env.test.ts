import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The environment is read in the configuration modules only (lib/config.ts for the site,
 * backend/kernel/config.ts for the built-in backend), so every setting is parsed and checked in one
 * place. Next's own config and instrumentation hooks, command-line entry points and tests are
 * the other readers.
 */
const ALLOWED = [
  /^lib\/config\.ts$/,
  /^backend\/kernel\/config\.ts$/,
  /^next\.config\.ts$/,
  /^instrumentation\.ts$/,
  /^playwright\.config\.ts$/,
  /^vitest\.config\.mts$/,
  /^backend\/cli\//,
  /^scripts\//,
  /^e2e\//,
  /^test\//,
  /^backend\/test\//,
  /\.test\.tsx?$/,
];

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

describe('process.env', () => {
  it('is read only in the configuration modules, entry points and tests', () => {
    const readers = tracked.filter((file) => {
      try {
        return readFileSync(file, 'utf8').includes('process.env');
      } catch {
        return false; // deleted in the working tree
      }
    });
    expect(readers.length).toBeGreaterThan(2); // the scan itself works
    expect(readers.filter((file) => !ALLOWED.some((rule) => rule.test(file)))).toEqual([]);
  });
});
