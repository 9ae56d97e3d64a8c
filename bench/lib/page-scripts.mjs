// The scripts a page makes the browser load on its first load (bench/page-weight.mjs and
// tests/e2e/feed-first-load.spec.ts): inline scripts, external classic and module scripts,
// <link rel="modulepreload">, the component and renderer modules of Astro islands and,
// recursively, the static imports of every module. Dynamic import() is not followed: it
// loads only when the code asks for it.
import { gzipSync } from 'node:zlib';

/** Script types that are JavaScript (JSON-LD and other data blocks are not). */
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** Bytes of `text` gzipped at level 9, each file on its own, as it travels. */
export const gzipSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** The value of an attribute in a tag's attribute text. */
function attr(attrs, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, '&');
}

const hasAttr = (attrs, name) => new RegExp(`(?:^|\\s)${name}(?:\\s|=|$)`, 'i').test(attrs);

/** Static import and re-export specifiers of an ES module (comments and strings are rare enough here). */
function staticImports(code) {
  const specifiers = new Set();
  const patterns = [/\bimport\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g, /\bexport\s*(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s*)?from\s*["']([^"']+)["']/g];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) specifiers.add(match[1]);
  }
  return [...specifiers];
}

/** Every script the HTML loads directly: inline code and URLs (with whether they are modules). */
export function scriptsInHtml(html, pageUrl) {
  const inline = [];
  const urls = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = match;
    const type = (attr(attrs, 'type') ?? '').toLowerCase();
    // Data blocks (JSON-LD) are not code; `nomodule` fallbacks are never fetched by modern browsers.
    if (!JS_TYPES.has(type) || hasAttr(attrs, 'nomodule')) continue;
    const src = attr(attrs, 'src');
    if (src) urls.push({ url: new URL(src, pageUrl).href, module: type === 'module' });
    else if (body.trim()) inline.push(body);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = match[1];
    if ((attr(attrs, 'rel') ?? '').toLowerCase() === 'modulepreload' && attr(attrs, 'href')) {
      urls.push({ url: new URL(attr(attrs, 'href'), pageUrl).href, module: true });
    }
  }
  // Astro islands load their component and framework renderer as modules when they hydrate.
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attr(match[1], name);
      if (value) urls.push({ url: new URL(value, pageUrl).href, module: true });
    }
  }
  return { inline, urls };
}

/** Fetches the modules and their static imports, once each, with `fetchText(url)`; answers url → code. */
export async function collectFiles(urls, fetchText) {
  const seen = new Map();
  const queue = [...urls];
  while (queue.length > 0) {
    const { url, module } = queue.shift();
    if (seen.has(url)) continue;
    const code = await fetchText(url);
    seen.set(url, code);
    if (!module) continue;
    for (const specifier of staticImports(code)) {
      // Bare specifiers cannot load in a browser without an import map: skip them.
      if (!/^(\.{0,2}\/|https?:)/.test(specifier)) continue;
      queue.push({ url: new URL(specifier, url).href, module: true });
    }
  }
  return seen;
}
