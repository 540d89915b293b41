import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is the front door and docs/ the manual: every relative link between them must land
 * on a file that exists and, with a #fragment, on one of its headings (GitHub's slugs).
 */
const DOCS = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The text outside fenced code blocks. */
const prose = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
    const [path, fragment] = target!.split('#') as [string, string | undefined];
    const linked = path === '' ? file : normalize(join(dirname(file), path));
    if (!existsSync(linked)) broken.push(`${file}: ${target} (no such file)`);
    else if (fragment !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(fragment)) {
      broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}

describe('the README and docs/', () => {
  it('link only to files and headings that exist', () => {
    expect(DOCS.length).toBeGreaterThan(5); // the scan itself works
    expect(DOCS.flatMap(brokenLinks)).toEqual([]);
  });

  it('keep the README a front door (150 lines at most) that links into docs/', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    for (const doc of DOCS.filter((d) => d.startsWith('docs/'))) expect(readme, doc).toContain(`](${doc})`);
  });

  it('have a working anchor rule (a known heading, a missing one)', () => {
    expect(anchorsOf('docs/configuration.md')).toContain('the-festivals-year');
    expect(anchorsOf('docs/configuration.md')).not.toContain('no-such-heading');
  });
});
