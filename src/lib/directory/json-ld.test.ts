import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../seo/json-ld';
import { itemListJsonLd, webSiteJsonLd } from './json-ld';

describe('the visitor pages’ structured data', () => {
  it('lists items with positions that continue across pages and absolute URLs', () => {
    const list = itemListJsonLd({
      siteUrl: 'https://foundermesh.example',
      pagePath: '/founders?page=2',
      name: 'Founders on FounderMesh',
      items: [
        { path: '/founder/ada', name: 'Ada' },
        { path: '/founder/ben', name: '</script><b>Ben</b>' },
      ],
      firstPosition: 25,
    });
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Founders on FounderMesh',
      url: 'https://foundermesh.example/founders?page=2',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 25, url: 'https://foundermesh.example/founder/ada', name: 'Ada' },
        { '@type': 'ListItem', position: 26, url: 'https://foundermesh.example/founder/ben', name: '</script><b>Ben</b>' },
      ],
    });
    // Member text cannot close the script element it is written into.
    expect(serializeJsonLd(list)).not.toContain('</script>');
    expect(JSON.parse(serializeJsonLd(list))).toEqual(list);
  });

  it('describes the site on the home page', () => {
    expect(webSiteJsonLd('https://foundermesh.example', 'Founders and advisors.')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'FounderMesh',
      url: 'https://foundermesh.example/',
      description: 'Founders and advisors.',
    });
  });
});
