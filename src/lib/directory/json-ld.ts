/**
 * Structured data of the visitor pages: schema.org `ItemList` of the members or posts a page
 * lists, each item a `ListItem` with its position and absolute URL (what search engines read
 * as a list of links to detail pages), and the home's `WebSite`.
 */
import { absoluteUrl } from '../seo/canonical';
import { SITE_NAME } from '../seo/page-title';

export type ListedItem = { path: string; name: string };

/** An ItemList of `items` (positions continue across pages: page 2 of 24 a page starts at 25). */
export function itemListJsonLd(options: { siteUrl: string; pagePath: string; name: string; items: readonly ListedItem[]; firstPosition?: number }): Record<string, unknown> {
  const first = options.firstPosition ?? 1;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: options.name,
    url: absoluteUrl(options.siteUrl, options.pagePath),
    numberOfItems: options.items.length,
    itemListElement: options.items.map((item, index) => ({
      '@type': 'ListItem',
      position: first + index,
      url: absoluteUrl(options.siteUrl, item.path),
      name: item.name,
    })),
  };
}

/** The home's WebSite, naming the directory as where people are found. */
export function webSiteJsonLd(siteUrl: string, description: string): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl(siteUrl, '/'), description };
}
