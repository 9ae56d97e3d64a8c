// Page weight: the JavaScript each page makes the browser load, gzipped.
//
//   node bench/page-weight.mjs [baseUrl] [path ...]
//   BASE_URL=http://127.0.0.1:4321 node bench/page-weight.mjs / /sign-in
//   node bench/page-weight.mjs --member /feed      # signed in as the demo member
//
// Without paths it weighs the home page, sign-in and the demo member's public profile
// (seeded by npm start), as a signed-out visitor, and the feed signed in as the demo member.
// Each page has a budget (the shell's 10 KB, a public profile's 15 KB from issue 3, a public
// post page's 15 KB from issue 5, the signed-in feed's 100 KB in at most 15 files from
// issue 29); the script exits 1 when one is over.
//
// For each page it fetches the HTML and collects every script the page loads: inline
// scripts, external classic and module scripts, <link rel="modulepreload">, the component
// and renderer modules of Astro islands, and, recursively, the static imports of every
// module (dynamic import() is not followed: it loads only when the code asks for it).
// Each file is gzipped on its own (node:zlib, level 9), as it travels, and the page's total
// is the sum. Prints a table and a JSON document. Measure a production build (npm start):
// the dev server serves unbundled modules and its own client.
import { collectFiles, gzipSize, scriptsInHtml } from './lib/page-scripts.mjs';
import { recordBenchmark } from './lib/report.mjs';
import { signIn } from './lib/session-member.mjs';

const args = process.argv.slice(2);
const asMember = args.includes('--member');
const pathArgs = args.filter((arg) => arg !== '--member');
const baseArg = pathArgs[0] && /^https?:\/\//.test(pathArgs[0]) ? pathArgs.shift() : undefined;
const base = baseArg ?? process.env.BASE_URL ?? 'http://127.0.0.1:4321';
/** Pages and whether the demo member is signed in for them. */
const pages =
  pathArgs.length > 0
    ? pathArgs.map((path) => ({ path, member: asMember }))
    : [
        { path: '/', member: false },
        { path: '/sign-in', member: false },
        { path: '/founder/maya-okafor', member: false },
        { path: '/feed', member: true },
      ];

/** Gzipped bytes (and files) a page may ship: public profiles (issue 3) and post pages (issue 5) have more room than the shell, the signed-in feed (issue 29) most. */
function budgetOf(path, member) {
  if (member && path === '/feed') return { gzip: 100 * 1024, files: 15 };
  return { gzip: /^\/(founder|advisor|post)\/[^/]+$/.test(path) ? 15 * 1024 : 10 * 1024, files: Number.POSITIVE_INFINITY };
}

/** The demo member's session cookie, signed in once when a page needs it. */
let memberCookie;
async function cookieFor(member) {
  if (!member) return undefined;
  memberCookie ??= signIn(base, 'demo@foundermesh.dev', 'demo-password-2026', '198.51.100.62').then((session) => `token=${session.token}`);
  return memberCookie;
}

async function fetchText(url) {
  const response = await fetch(url, { headers: { Accept: '*/*' } });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

async function measure({ path, member }) {
  const pageUrl = new URL(path, base).href;
  const cookie = await cookieFor(member);
  const response = await fetch(pageUrl, { headers: { Accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'follow' });
  const html = await response.text();
  const { inline, urls } = scriptsInHtml(html, pageUrl);
  const files = await collectFiles(urls, fetchText);
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
  const budget = budgetOf(path, member);
  return {
    path: member ? `${path} (member)` : path,
    budget: budget.gzip,
    budgetFiles: budget.files,
    status: response.status,
    scripts,
    files: external.length, // inline scripts count in bytes, not as files: they are no extra fetch
    bytes: scripts.reduce((sum, file) => sum + file.bytes, 0),
    gzip: scripts.reduce((sum, file) => sum + file.gzip, 0),
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(2);

const results = [];
for (const page of pages) results.push(await measure(page));

console.log(`JavaScript per page at ${base} (gzip level 9, each file on its own)\n`);
const overBudget = (r) => r.gzip > r.budget || r.files > r.budgetFiles;
const rows = results.map((r) => [
  r.path,
  String(r.status),
  String(r.files),
  kb(r.bytes),
  kb(r.gzip),
  `${kb(r.budget)}${Number.isFinite(r.budgetFiles) ? ` in ${r.budgetFiles} files` : ''}${overBudget(r) ? ' OVER' : ''}`,
]);
const header = ['page', 'status', 'files', 'raw KB', 'gzip KB', 'budget'];
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
  pages: Object.fromEntries(
    results.map((r) => [r.path, { scripts: r.files, gzipBytes: r.gzip, budgetGzipBytes: r.budget, ...(Number.isFinite(r.budgetFiles) ? { budgetScripts: r.budgetFiles } : {}) }]),
  ),
});
const over = results.filter(overBudget);
if (over.length > 0) {
  console.error(`\nOver budget: ${over.map((r) => `${r.path} (${kb(r.gzip)} KB > ${kb(r.budget)} KB or ${r.files} files > ${r.budgetFiles})`).join(', ')}`);
  process.exitCode = 1;
}
