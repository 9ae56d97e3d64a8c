// Page weight: the JavaScript each page makes the browser load, gzipped.
//
//   node bench/page-weight.mjs [baseUrl] [path ...]
//   BASE_URL=http://127.0.0.1:4321 node bench/page-weight.mjs / /sign-in
//
// Without paths it weighs the home page, sign-in and the demo member's public profile
// (seeded by npm start), as a signed-out visitor. Each page has a budget (the shell's
// 10 KB, a public profile's 15 KB from issue 3, a public post page's 15 KB from issue 5);
// the script exits 1 when one is over.
//
// For each page it fetches the HTML and collects every script the page loads: inline
// scripts, external classic and module scripts, <link rel="modulepreload">, the component
// and renderer modules of Astro islands, and, recursively, the static imports of every
// module (dynamic import() is not followed: it loads only when the code asks for it).
// Each file is gzipped on its own (node:zlib, level 9), as it travels, and the page's total
// is the sum. Prints a table and a JSON document. Measure a production build (npm start):
// the dev server serves unbundled modules and its own client.
import { gzipSync } from 'node:zlib';
import { recordBenchmark } from './lib/report.mjs';

const args = process.argv.slice(2);
const baseArg = args[0] && /^https?:\/\//.test(args[0]) ? args.shift() : undefined;
const base = baseArg ?? process.env.BASE_URL ?? 'http://127.0.0.1:4321';
const paths = args.length > 0 ? args : ['/', '/sign-in', '/founder/maya-okafor'];

/** Gzipped bytes a page may ship: public profiles (issue 3) and post pages (issue 5) have more room than the shell. */
const budgetOf = (path) => (/^\/(founder|advisor|post)\/[^/]+$/.test(path) ? 15 * 1024 : 10 * 1024);

/** Script types that are JavaScript (JSON-LD and other data blocks are not). */
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const gzipSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

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
function scriptsInHtml(html, pageUrl) {
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

async function fetchText(url) {
  const response = await fetch(url, { headers: { Accept: '*/*' } });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

/** Fetches the modules and their static imports, once each. */
async function collectFiles(urls) {
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

async function measure(path) {
  const pageUrl = new URL(path, base).href;
  const response = await fetch(pageUrl, { headers: { Accept: 'text/html' }, redirect: 'follow' });
  const html = await response.text();
  const { inline, urls } = scriptsInHtml(html, pageUrl);
  const files = await collectFiles(urls);
  const external = [...files].map(([url, code]) => ({
    url: url.startsWith(base) ? url.slice(base.length) : url,
    bytes: Buffer.byteLength(code),
    gzip: gzipSize(code),
  }));
  const inlineFiles = inline.map((code, index) => ({
    url: `(inline #${index + 1})`,
    bytes: Buffer.byteLength(code),
    gzip: gzipSize(code),
  }));
  const scripts = [...inlineFiles, ...external];
  return {
    path,
    budget: budgetOf(path),
    status: response.status,
    scripts,
    files: scripts.length,
    bytes: scripts.reduce((sum, file) => sum + file.bytes, 0),
    gzip: scripts.reduce((sum, file) => sum + file.gzip, 0),
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(2);

const results = [];
for (const path of paths) results.push(await measure(path));

console.log(`JavaScript per page at ${base} (gzip level 9, each file on its own)\n`);
const rows = results.map((r) => [r.path, String(r.status), String(r.files), kb(r.bytes), kb(r.gzip), `${kb(r.budget)}${r.gzip > r.budget ? ' OVER' : ''}`]);
const header = ['page', 'status', 'scripts', 'raw KB', 'gzip KB', 'budget KB'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
for (const r of results) {
  console.log(`\n${r.path}`);
  for (const file of r.scripts) console.log(`  ${kb(file.gzip).padStart(7)} KB gz  ${file.url}`);
}
console.log(`\n${JSON.stringify({ base, measuredAt: new Date().toISOString(), pages: results }, null, 2)}`);
recordBenchmark('page-weight', {
  base,
  budgetGzipBytes: 10 * 1024,
  pages: Object.fromEntries(results.map((r) => [r.path, { scripts: r.files, gzipBytes: r.gzip, budgetGzipBytes: r.budget }])),
});
const over = results.filter((r) => r.gzip > r.budget);
if (over.length > 0) {
  console.error(`\nOver budget: ${over.map((r) => `${r.path} (${kb(r.gzip)} KB > ${kb(r.budget)} KB)`).join(', ')}`);
  process.exitCode = 1;
}
