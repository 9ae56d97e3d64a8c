/**
 * The browsable API reference at /docs: Scalar's renderer (@scalar/api-reference), loaded from
 * the app's own origin (scripts/lib/api-reference-bundle.mjs copies it there), reading the
 * document beside this page. No inline script, no font or request to another origin.
 */
import { escapeHtml } from '../mail/templates';
import type { OpenApiDocument } from './document';

/** The renderer's bundle on the app's origin, where the session proxy serves this page. */
const BUNDLE_PATH = '/vendor/scalar-api-reference.js';

/** Scalar's settings: nothing fetched from Scalar's servers (fonts, telemetry, request proxy). */
const CONFIGURATION = {
  url: 'openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  proxyUrl: '',
  // Every tag open, so each operation is on the page (and findable with the browser's search).
  defaultOpenAllTags: true,
};

/** The whole reference page for a document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const title = escapeHtml(`${document.info.title} reference`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title></head>
<body><div id="api-reference" data-url="openapi.json" data-configuration="${escapeHtml(JSON.stringify(CONFIGURATION))}"></div>
<noscript><p>${title}: the machine-readable document is <a href="openapi.json">openapi.json</a>.</p></noscript>
<script src="${BUNDLE_PATH}"></script></body></html>`;
}
