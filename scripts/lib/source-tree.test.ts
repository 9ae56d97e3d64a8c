import { describe, expect, it } from 'vitest';
import { astroModules, isTestCode } from './source-tree';

describe('astroModules', () => {
  it('cuts an .astro file into its frontmatter and the scripts Astro bundles, leaving inline scripts and JSON-LD out', () => {
    const text = [
      '---',
      "import Base from '../layouts/Base.astro';",
      '---',
      '<Base><p>Hi</p></Base>',
      "<script>import { start } from '../lib/live/wiring';\nstart();</script>",
      '<script is:inline>document.documentElement.dataset.theme = "dark";</script>',
      '<script type="application/ld+json" set:html={json} />',
      "<script>import '../lib/toast';</script>",
      '<script type="application/ld+json">{}</script>',
    ].join('\n');
    expect(astroModules('src/pages/feed.astro', text)).toEqual([
      ['src/pages/feed.astro', "import Base from '../layouts/Base.astro';"],
      ['src/pages/feed.astro#script-1', "import { start } from '../lib/live/wiring';\nstart();"],
      ['src/pages/feed.astro#script-2', "import '../lib/toast';"],
    ]);
  });

  it('gives a component without frontmatter an empty module', () => {
    expect(astroModules('src/components/Note.astro', '<p>Note</p>')).toEqual([['src/components/Note.astro', '']]);
  });
});

describe('isTestCode', () => {
  it('knows tests, test helpers and fixtures from production modules', () => {
    expect(
      [
        'src/lib/a.test.ts',
        'src/islands/A.test.tsx',
        'functions/test/api.ts',
        'functions/src/feed/test-posts.ts',
        'src/lib/inbox/fixtures.ts',
        'src/lib/search/match-fixtures.ts',
      ].filter(isTestCode),
    ).toHaveLength(6);
    expect(['src/lib/a.ts', 'functions/src/feed/latest-posts.ts', 'src/lib/testimonials.ts', 'functions/src/auth/attest.ts'].filter(isTestCode)).toEqual([]);
  });
});
