import { SITE_NAME } from './page-title';

/** The characters that could end a <script> element or break JS parsing, as JSON escapes. */
const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Serialises structured data for a `<script type="application/ld+json">` element.
 * `<` becomes \u003c (and `>`, `&`, line separators likewise), so no value can close the
 * script element early: the output is still valid JSON meaning exactly the same data.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char]!);
}

/** The schema.org Organization describing the site, with its social profiles as `sameAs`. */
export function organizationJsonLd(siteUrl: string, socialLinks: readonly string[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    ...(socialLinks.length > 0 ? { sameAs: [...socialLinks] } : {}),
  };
}
