// The cost model (docs/scale.md "Cost"): a month on Workers Paid at 1M and 10M members, and
// which platform limit the design meets first, from the figures the scale benches measured
// at the largest size (bench/scale/sizes.json, bench/scale/requests.json) and the activity
// assumptions of bench/scale/cost-model.mjs. Rewrites the tables between the
// `<!-- scale:cost:start -->` and `end` markers of docs/scale.md.
//
//   npm run bench:scale:cost [-- --label 1m --query-ms 1]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib/run.mjs';
import { replaceBetweenMarkers } from './chart-model.mjs';
import { ACTIVITY, BACKGROUND, bytesPerMember, limitUse, monthlyCost, PEAK_FACTOR, requestsAtSize } from './cost-model.mjs';

const { values: args } = parseArgs({
  options: {
    label: { type: 'string' },
    'query-ms': { type: 'string', default: '1' },
    doc: { type: 'string', default: 'docs/scale.md' },
  },
});
const at = (file) => path.resolve(root, file);
const sizesAll = JSON.parse(readFileSync(at('bench/scale/sizes.json'), 'utf8'));
const requestsAll = JSON.parse(readFileSync(at('bench/scale/requests.json'), 'utf8'));
// The largest size both benches measured, unless one is named.
const label =
  args.label ??
  Object.keys(requestsAll)
    .filter((name) => sizesAll[name])
    .sort((a, b) => requestsAll[b].members - requestsAll[a].members)[0];
if (!label || !sizesAll[label] || !requestsAll[label]) throw new Error(`no size measured by both benches${args.label ? `: ${args.label}` : ''}`);
const sizes = sizesAll[label];
const requests = requestsAll[label];
const queryMs = Number(args['query-ms']);
// The measured sizes up to the chosen one: 10M members is carried from the two largest.
const measuredUpTo = Object.fromEntries(Object.entries(requestsAll).filter(([, figures]) => figures.members <= requests.members));

// What lives in the member objects: the D1 groups moved there and the objects' own files
// (the median object of each member store class: every member has one of each). The groups' bytes per
// member are those of the largest size measured while they were still in D1; every state
// has had them moved since, so the last figures measured in D1 stand in (100k members,
// bench/scale/sizes.json at commit 241198d).
const MOVED = ['notifications', 'profile_views'];
const LAST_MEASURED_IN_D1 = { notifications: 2990.9, profile_views: 929.9 };
const lastInD1 = (group) =>
  Object.values(sizesAll)
    .filter((measured) => measured.groups[group])
    .sort((a, b) => b.members - a.members)[0]?.groups[group].bytesPerMember ?? LAST_MEASURED_IN_D1[group];
const moved = Object.fromEntries(MOVED.map((group) => [group, sizes.groups[group]?.bytesPerMember ?? lastInD1(group)]));
// The per-member classes that hold what left D1 (MemberLive holds sockets, not rows).
const MEMBER_STORES = ['MemberNotifications', 'MemberProfileViews'];
const objects = MEMBER_STORES.flatMap((name) => (sizes.durableObjects?.[name] ? [sizes.durableObjects[name]] : []));
const objectBytes = objects.reduce((sum, kind) => sum + (kind.medianBytes ?? 0), 0);
const largestObjectBytes = Math.max(0, ...objects.map((kind) => kind.maxBytes ?? 0));
const kept = bytesPerMember(sizes, moved, objectBytes);
const movedBytes = Object.values(moved).reduce((sum, bytes) => sum + bytes, 0);

const usd = (n) => `$${n < 100 ? n.toFixed(2) : Math.round(n).toLocaleString('en')}`;
const big = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)} G` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : Math.round(n).toLocaleString('en'));
const members = (n) => (n === null ? 'never' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : `${Math.round(n / 1e3)}k`);

// The inbox (migration 0033): threads, thread_members and messages leave D1 for one mailbox per
// member, each message kept in both members' mailboxes, so the objects hold twice what D1 did.
// Sized from their D1 figures at this size: the states were generated with them in D1.
const INBOX_GROUPS = ['messages', 'thread_members', 'threads'];
const inboxBytes = INBOX_GROUPS.reduce((sum, group) => sum + (sizes.groups[group]?.bytesPerMember ?? 0), 0);
const designs = [
  { name: 'one D1 database (before the partition)', bytes: { d1: kept.d1 + movedBytes, objects: 0 } },
  { name: 'notifications and profile views in member objects', bytes: kept },
  { name: 'notifications, profile views and the inbox in member objects (built)', bytes: { d1: kept.d1 - inboxBytes, objects: kept.objects + 2 * inboxBytes } },
];
// What D1 still holds, split by member (docs/decisions.md "The split, by the numbers"; not
// built). Each connection is kept on both members' databases, a row per side: counted as the
// pair's row and indexes once more per member (an upper bound: a side needs fewer indexes),
// which takes 24 databases to keep each under half of 10 GB at 10M. A search asks every
// database after the session's account lookup on the member's own (one query); first with
// the feed asking every database too, then with its first page served by one object.
const built = designs.at(-1).bytes;
const perSide = { d1: built.d1 + (sizes.groups.connections?.bytesPerMember ?? 0), objects: built.objects };
const SPLIT = { databases: 24, localQueries: 1 };
designs.push(
  {
    name: `D1 split by member over ${SPLIT.databases} databases, search and the feed asking all (designed, not built)`,
    bytes: perSide,
    split: { ...SPLIT, everyDatabase: ['search:', 'feed:'] },
  },
  {
    name: `D1 split by member over ${SPLIT.databases} databases, the feed's first page from one object (designed, not built)`,
    bytes: perSide,
    split: { ...SPLIT, everyDatabase: ['search:'], headObject: ['feed:'] },
  },
);
const sections = [];
sections.push(
  `Figures measured at ${requests.members.toLocaleString('en')} members (\`${label}\`; rows read and written at a size not measured grow as they grew between the two largest measured sizes); activity per member and month (chosen, not measured):\n`,
  '| A member … | per month | costed as |',
  '| --- | ---: | --- |',
  ...ACTIVITY.map((item) => `| ${item.action} | ${item.perMonth} | \`${item.kind}\` |`),
  `| (live object wakes, stored notifications and views, media) | ${BACKGROUND.objectRequests} wakes, ${BACKGROUND.objectRowsWritten} rows, ${BACKGROUND.r2Bytes / 1e3} KB | |`,
  '',
);
for (const design of designs) {
  const costs = [1e6, 10e6].map((n) =>
    monthlyCost({
      members: n,
      requests: requestsAtSize(measuredUpTo, n),
      bytes: design.bytes,
      split: design.split,
      requestsPerDatabase: requestsAtSize(measuredUpTo, n / (design.split?.databases ?? 1)),
    }),
  );
  sections.push(`**A month on Workers Paid, ${design.name}:**\n`, '| Line | 1M members | 10M members |', '| --- | ---: | ---: |');
  costs[0].lines.forEach(([line], index) => sections.push(`| ${line} | ${usd(costs[0].lines[index][1])} | ${usd(costs[1].lines[index][1])} |`));
  sections.push(`| **Total** | **${usd(costs[0].total)}** | **${usd(costs[1].total)}** |`, '');
  const limits = [1e6, 10e6].map((n) => limitUse({ members: n, requests: requestsAtSize(measuredUpTo, n), bytes: design.bytes, queryMs, largestObjectBytes, split: design.split }));
  sections.push(
    `Limits, ${design.name} (peak = ${PEAK_FACTOR}× the month's average):\n`,
    '| Limit | use at 1M | use at 10M | half of it at | all of it at |',
    '| --- | ---: | ---: | ---: | ---: |',
  );
  limits[0].forEach((row, index) => {
    const ten = limits[1][index];
    // The bench fills only the objects of the members it signs in as: none weighed, no row.
    if (row.limit.startsWith('One member object') && largestObjectBytes === 0) return;
    sections.push(
      `| ${row.limit} | ${big(row.used)} (${(row.share * 100).toFixed(1)}%) | ${big(ten.used)} (${(ten.share * 100).toFixed(1)}%) | ${members(row.halfAt)} | ${members(row.fullAt)} |`,
    );
  });
  sections.push('');
}
if (largestObjectBytes === 0)
  sections.push(
    'Member objects were not weighed at these sizes (the bench fills only the objects of the members it signs in as); one member with 100,000 notifications holds about 30 MB ("Partition" below), 0.3% of an object\'s 10 GB.',
    '',
  );
const table = sections.join('\n');
const doc = readFileSync(at(args.doc), 'utf8');
writeFileSync(at(args.doc), replaceBetweenMarkers(doc, 'cost', table));
console.log(table);
