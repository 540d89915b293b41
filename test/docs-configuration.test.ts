import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/configuration.md lists every environment variable the code reads: the keys of the
 * configuration modules' schemas, and every name read from `process.env` elsewhere (entry points,
 * scripts, tests). A setting added without its line in the manual fails here.
 */
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(file));

/** lib/config.ts, contract/config.ts and the backend's config module, wherever it lives. */
const CONFIG_MODULES = sources.filter((file) => /^(lib|backend|contract)\/(.+\/)?config\.ts$/.test(file));

function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of sources) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) names.add(name!);
  }
  for (const file of CONFIG_MODULES) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) names.add(name!);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('names every environment variable the code reads', () => {
    const manual = readFileSync('docs/configuration.md', 'utf8');
    const read = [...variablesRead()];
    expect(read).toContain('SITE_URL'); // the scan itself works
    expect(read).toContain('DATABASE_URL');
    expect(CONFIG_MODULES.length).toBeGreaterThanOrEqual(3);
    expect(read.filter((name) => !manual.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});
