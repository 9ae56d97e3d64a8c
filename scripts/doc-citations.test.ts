/**
 * Every file and heading the code and the docs cite exists in the repository, so a newcomer
 * who clones it can follow each one: `docs/product.md#feed` in a comment, a link between docs,
 * a `#heading` of the README; and every `npm run` command the docs name is a script. The rules
 * of the citations themselves are proven on made-up text.
 */
import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenCitations, citationsIn, slugOf } from './lib/doc-citations';

const root = path.resolve(import.meta.dirname, '..');

/** The repository's own text: docs, code, tests, tools and configuration (generated types and dependencies left out). */
const SCANNED = [
  '*.{md,ts,mjs,json,jsonc,toml}',
  'docs/**/*.md',
  'src/**/*.{ts,tsx,astro,css,mjs,js}',
  'functions/**/*.{ts,sql,toml,md}',
  'scripts/**/*.{ts,mjs,md}',
  'bench/**/*.{ts,mjs,md,toml}',
  'tests/**/*.{ts,md}',
  'public/**/*.{js,webmanifest}',
  'types/*.{ts,md}',
];

// Files only: the screenshot baselines live in a folder named after their spec (`visual.spec.ts/`).
const files = globSync(SCANNED, { cwd: root, exclude: (name) => name === 'node_modules' || name === 'package-lock.json' })
  .filter((file) => statSync(path.join(root, file)).isFile())
  .sort();

function read(file: string): string | undefined {
  const full = path.join(root, file);
  return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
}

describe('citations of the repository', () => {
  it('reads the docs, the code and the tests, and finds the citations in them', () => {
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith('functions/src/')).length).toBeGreaterThan(150);
    const citations = files.flatMap((file) => citationsIn(file, read(file)!));
    expect(citations.filter(({ target }) => target.startsWith('docs/product.md#')).length).toBeGreaterThan(100);
  });

  it('name only files and headings that exist', () => {
    // The test's own examples below cite missing files on purpose.
    const citations = files.filter((file) => file !== 'scripts/doc-citations.test.ts').flatMap((file) => citationsIn(file, read(file)!));
    expect(brokenCitations(citations, read)).toEqual([]);
  });
});

describe('the commands the docs name', () => {
  it('are scripts of package.json', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')!).scripts);
    const docs = files.filter((file) => file.endsWith('.md'));
    const named = docs.flatMap((file) => [...read(file)!.matchAll(/npm run ([\w:-]+)/g)].map((match) => `${file}: ${match[1]}`));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((entry) => !scripts.includes(entry.split(': ')[1]!))).toEqual([]);
  });
});

describe('the citation rules', () => {
  const tree: Record<string, string> = {
    'docs/product.md': '# Product rules\n## Feed\n### Polls: `GET` votes\n```\n## Not a heading\n```\n## Feed\n',
    'docs/security.md': '## Floods (issue 13)\n<a id="kept"></a>\n',
    'README.md': '# FounderMesh\n## Quick start\n',
  };
  const readTree = (file: string) => tree[file];

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Data download: `fflate` streams the zip; only one’s own words')).toBe('data-download-fflate-streams-the-zip-only-ones-own-words');
    expect(slugOf('2026-11-25: the member comes — from the server')).toBe('2026-11-25-the-member-comes--from-the-server');
    expect([...anchorsOf(tree['docs/product.md']!)]).toEqual(['product-rules', 'feed', 'polls-get-votes', 'feed-1']);
  });

  it('catches a comment that cites a file the repository does not have, or a heading its file does not have', () => {
    const source = ['/** The roles (SPEC.md §6), see docs/product.md#roles. */', '// docs/product.md#polls-get-votes and docs/security.md#kept are fine'].join('\n');
    expect(brokenCitations(citationsIn('src/lib/x.ts', source), readTree)).toEqual([
      'src/lib/x.ts:1 → SPEC.md (no such file in the repository)',
      'src/lib/x.ts:1 → docs/product.md#roles (no such heading in docs/product.md)',
    ]);
  });

  it('resolves a doc’s links against its own folder, and leaves addresses and app routes alone', () => {
    const doc = [
      'See [floods](security.md#floods-issue-13), [the README](../README.md#quick-start) and [terms](/terms).',
      'Also [gone](../shared/ARCHITECTURE.md), [nowhere](#nowhere), [web](https://example.com/x.md) and `docs/security.md#floods`.',
    ].join('\n');
    expect(brokenCitations(citationsIn('docs/product.md', doc), readTree)).toEqual([
      'docs/product.md:2 → ../shared/ARCHITECTURE.md (no such file in the repository)',
      'docs/product.md:2 → #nowhere (no such heading in docs/product.md)',
      'docs/product.md:2 → docs/security.md#floods (no such heading in docs/security.md)',
    ]);
  });
});
