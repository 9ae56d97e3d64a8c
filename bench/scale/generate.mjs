// The scale generator: builds a local state folder with N members and the demo data's mix
// of everything around them, by writing the local D1 SQLite file directly (node:sqlite,
// prepared statements, one transaction per table group), not through the API. Ratios are
// in ./model.mjs and docs/scale.md ("Generator"); derived rows are kept true: the search
// rows of every onboarded profile, the feed counters (like_count, comment_count,
// reply_count, vote_count; feed_post_counts by the migration's own triggers), the unread
// marks of threads (unread_threads), premium grants. What lives in member objects rather
// than in D1 goes to side files the benchmarks load into the objects of the members they
// sign in as: notifications.sqlite, profile-views.sqlite and inbox.sqlite.
//
//   node bench/scale/generate.mjs --members 10000 --state-dir .wrangler/scale-10k [--seed 18] [--now 2026-11-25T00:00:00Z]
//   PORT=4701 STATE_DIR=.wrangler/scale-10k npm start     # then sign in as member-0@scale.invalid / scale-password-2026
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { slugBase, slugify } from '../../functions/src/users/slugs.ts';
import { COMMITMENTS, EXPERTISE, HELP_TYPES, IDEA_STAGES, INDUSTRIES, SKILLS } from '../../functions/src/shared/profile-vocabulary.ts';
import { searchKeyBase, tagsText } from '../../functions/src/profiles/search-keys.ts';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { fingerprint, writeStamp } from '../../scripts/lib/stamp.mjs';
import { threadIdOf } from '../lib/mailboxes.mjs';
import {
  CITIES,
  countAround,
  distinctInts,
  GROUP_SHARES,
  ID_PREFIX,
  indexRows,
  memberEmail,
  pairKey,
  prng,
  RATIOS,
  rowId,
  SCALE_PASSWORD,
  SCALE_PASSWORD_HASH,
  snippet,
  spreadCount,
} from './model.mjs';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    'state-dir': { type: 'string' },
    seed: { type: 'string', default: '18' },
    now: { type: 'string' },
    'skip-checks': { type: 'boolean', default: false },
  },
});
const N = Number(args.members);
if (!Number.isInteger(N) || N < 10) throw new Error('--members must be a whole number of at least 10');
const stateDir = args['state-dir'] ?? `.wrangler/scale-${N}`;
if (path.resolve(root, stateDir) === path.resolve(root, '.wrangler/state')) throw new Error('the generator builds a state folder of its own, never .wrangler/state');
const seed = Number(args.seed);
// Today's midnight (UTC) unless told: the same seed on the same day writes the same rows.
const NOW = args.now ? Date.parse(args.now) : Math.floor(Date.now() / 86_400_000) * 86_400_000;
if (!Number.isFinite(NOW)) throw new Error('--now must be an ISO 8601 time');
const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString();
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

// 1. A fresh state folder, migrated the way scripts/start.mjs does it (and stamped, so npm start does not migrate again).
rmSync(path.join(root, stateDir), { recursive: true, force: true });
runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
writeStamp(path.join(root, stateDir, '.migrations-stamp'), fingerprint(['functions/migrations']));
const d1Dir = path.join(root, stateDir, 'v3/d1/miniflare-D1DatabaseObject');
const file = readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
if (!file || !existsSync(path.join(d1Dir, file))) throw new Error(`no D1 database under ${d1Dir}`);
console.log(`• migrated ${stateDir} (${elapsed()})`);

const db = new DatabaseSync(path.join(d1Dir, file));
const journal = db.prepare('PRAGMA journal_mode').get().journal_mode;
db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY');
/** The yes-or-no tags the search counters keep as flags (migration 0032). */
const isCounterFlag = (tag) => tag.kind === 'remote' || tag.kind === 'looking';
const insert = (table, columns, verb = 'INSERT') => db.prepare(`${verb} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
function phase(name, work) {
  db.exec('BEGIN');
  work();
  db.exec('COMMIT');
  console.log(`• ${name} (${elapsed()})`);
}

const rand = prng(seed);
const pick = (list) => list[Math.floor(rand() * list.length)];
const pickSome = (list, min, max) => distinctInts(rand, min + Math.floor(rand() * (max - min + 1)), list.length).map((index) => list[index]);

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
  'Sofía',
  'Lucas',
  'Noah',
  'Léa',
  'Jonas',
  'Wanjiru',
  'Helen',
  'David',
  'Chloé',
  'Fatima',
  'Omar',
  'Ingrid',
  'Mateo',
  'Yuki',
  'Zanele',
  'Tomás',
  'Aisha',
  'Emil',
  'Nadia',
  'Kofi',
];
const LAST = [
  'Okafor',
  'Rivera',
  'Raman',
  'Weber',
  'Nwosu',
  'Moreau',
  'Álvarez',
  'Mehta',
  'Kamau',
  'Dubois',
  'Kim',
  'Fischer',
  'Park',
  'Mensah',
  'Goldberg',
  'Tanaka',
  'Silva',
  'Haddad',
  'Larsen',
  'Novak',
  'Adeyemi',
  'Costa',
  'Ito',
  'Bianchi',
  'Singh',
  'Osei',
  'Schmidt',
  'Nakamura',
  'Ortiz',
  'Dlamini',
];
const PRODUCTS = [
  'scheduling for clinics',
  'payroll for seasonal teams',
  'soil data for farms',
  'invoicing for marketplaces',
  'robot arms for warehouses',
  'reading help for children',
  'carbon accounting',
  'freight booking',
  'tutoring at scale',
  'fraud checks for lenders',
];
const HASHTAGS = ['buildinpublic', 'gtm', 'pricing', 'fundraising', 'hiring', 'healthtech', 'climate', 'ai', 'cofounder', 'founders', 'officehours', 'saas'];
const WORDS = ['pilot', 'customers', 'pricing', 'retention', 'onboarding', 'churn', 'seed round', 'hiring', 'roadmap', 'launch', 'demo', 'investors'];
const SKILL_KEYS = Object.keys(SKILLS);
const INDUSTRY_KEYS = Object.keys(INDUSTRIES);
const EXPERTISE_KEYS = Object.keys(EXPERTISE);
const HELP_KEYS = Object.keys(HELP_TYPES);
const STAGE_KEYS = Object.keys(IDEA_STAGES);
const COMMITMENT_KEYS = Object.keys(COMMITMENTS);

// Members: created evenly over the last year, oldest first. What later phases need is kept in typed arrays.
const START = NOW - 365 * DAY;
const createdAt = (n) => START + Math.floor((n * 365 * DAY) / N);
const founder = new Uint8Array(N);
const onboarded = new Uint8Array(N);
const privateBrowsing = new Uint8Array(N);
const firstOf = new Uint16Array(N);
const lastOf = new Uint16Array(N);
const userId = (n) => rowId(ID_PREFIX.user, n);
const nameOf = (n) => `${FIRST[firstOf[n]]} ${LAST[lastOf[n]]}`;
const counts = {};
const add = (table, rows = 1) => {
  counts[table] = (counts[table] ?? 0) + rows;
};

phase('members, profiles and search rows', () => {
  const users = insert('users', [
    'id',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'member_type',
    'role_type',
    'onboarded',
    'email_verified',
    'private_browsing',
    'created_at',
    'updated_at',
  ]);
  const founders = insert('founders', [
    'id',
    'user_id',
    'first_name',
    'last_name',
    'tagline',
    'slug',
    'premium',
    'bio',
    'is_technical',
    'skills',
    'commitment',
    'idea_stage',
    'industries',
    'interests',
    'city_id',
    'city_name',
    'open_to_remote',
    'looking_for_cofounder',
    'created_at',
    'updated_at',
  ]);
  const advisors = insert('advisors', [
    'id',
    'user_id',
    'name',
    'position',
    'slug',
    'bio',
    'expertise',
    'industries',
    'years_experience',
    'experience',
    'help_types',
    'city_id',
    'city_name',
    'open_to_remote',
    'created_at',
    'updated_at',
  ]);
  const grants = insert('premium_grants', ['user_id', 'granted_by', 'created_at']);
  const tags = insert('profile_tags', ['user_id', 'kind', 'value']);
  const keys = insert('search_keys', ['user_id', 'key']);
  const search = insert('profile_search', ['rowid', 'user_id', 'name', 'headline', 'body', 'tags']);
  for (let n = 0; n < N; n++) {
    firstOf[n] = Math.floor(rand() * FIRST.length);
    lastOf[n] = Math.floor(rand() * LAST.length);
    founder[n] = rand() < RATIOS.founderShare.value ? 1 : 0;
    onboarded[n] = rand() < RATIOS.onboardedShare.value ? 1 : 0;
    privateBrowsing[n] = rand() < RATIOS.privateBrowsingShare.value ? 1 : 0;
    const premium = rand() < RATIOS.premiumShare.value;
    const id = userId(n);
    const at = iso(createdAt(n));
    const [firstName, lastName] = [FIRST[firstOf[n]], LAST[lastOf[n]]];
    const slug = `${slugBase(nameOf(n))}-${n.toString(36)}`;
    users.run(
      id,
      memberEmail(n),
      SCALE_PASSWORD_HASH,
      firstName,
      lastName,
      founder[n] ? 'founder' : 'advisor',
      premium ? 'premium' : 'free',
      onboarded[n],
      1,
      privateBrowsing[n],
      at,
      at,
    );
    add('users');
    if (premium) {
      grants.run(id, null, at);
      add('premium_grants');
    }
    const [cityId, cityName] = onboarded[n] ? pick(CITIES) : [null, null];
    let profile;
    if (founder[n]) {
      const product = pick(PRODUCTS);
      const f = onboarded[n]
        ? {
            firstName,
            lastName,
            tagline: `Building ${product} · ${pick(['pre-seed', 'seed', 'bootstrapped', 'series A'])}`,
            bio: `Founder working on ${product}. Before this: ${pick(['engineering lead', 'product manager', 'consultant', 'researcher', 'designer'])} for ${2 + Math.floor(rand() * 12)} years.`,
            isTechnical: rand() < 0.5,
            skills: pickSome(SKILL_KEYS, 1, 3),
            commitment: pick(COMMITMENT_KEYS),
            ideaStage: pick(STAGE_KEYS),
            industries: pickSome(INDUSTRY_KEYS, 1, 3),
            interests: pickSome(WORDS, 0, 2),
            cityId,
            cityName,
            openToRemote: rand() < 0.5,
            lookingForCofounder: rand() < 0.4,
          }
        : {
            firstName,
            lastName,
            tagline: null,
            bio: null,
            isTechnical: null,
            skills: [],
            commitment: null,
            ideaStage: null,
            industries: [],
            interests: [],
            cityId,
            cityName,
            openToRemote: false,
            lookingForCofounder: false,
          };
      founders.run(
        rowId(ID_PREFIX.founder, n),
        id,
        firstName,
        lastName,
        f.tagline,
        slug,
        premium ? 1 : 0,
        f.bio,
        f.isTechnical === null ? null : f.isTechnical ? 1 : 0,
        JSON.stringify(f.skills),
        f.commitment,
        f.ideaStage,
        JSON.stringify(f.industries),
        JSON.stringify(f.interests),
        f.cityId,
        f.cityName,
        f.openToRemote ? 1 : 0,
        f.lookingForCofounder ? 1 : 0,
        at,
        at,
      );
      add('founders');
      profile = { founder: f };
    } else {
      const a = onboarded[n]
        ? {
            name: nameOf(n),
            position: `${pick(['Partner', 'Angel investor', 'Operator in residence', 'Former CTO', 'Head of growth'])} at ${pick(LAST)} ${pick(['Ventures', 'Capital', 'Labs', 'Partners'])}`,
            bio: `I help early teams with ${pick(WORDS)} and ${pick(WORDS)}.`,
            experience: `${pick(['Two exits', 'Board member of three startups', 'Scaled a team from 5 to 200', 'Ran sales in four markets'])}.`,
            expertise: pickSome(EXPERTISE_KEYS, 1, 3),
            industries: pickSome(INDUSTRY_KEYS, 1, 3),
            helpTypes: pickSome(HELP_KEYS, 1, 2),
            yearsExperience: 5 + Math.floor(rand() * 25),
            cityId,
            cityName,
            openToRemote: rand() < 0.8,
          }
        : {
            name: nameOf(n),
            position: null,
            bio: null,
            experience: null,
            expertise: [],
            industries: [],
            helpTypes: [],
            yearsExperience: null,
            cityId,
            cityName,
            openToRemote: true,
          };
      advisors.run(
        rowId(ID_PREFIX.advisor, n),
        id,
        a.name,
        a.position,
        slug,
        a.bio,
        JSON.stringify(a.expertise),
        JSON.stringify(a.industries),
        a.yearsExperience,
        a.experience,
        JSON.stringify(a.helpTypes),
        a.cityId,
        a.cityName,
        a.openToRemote ? 1 : 0,
        at,
        at,
      );
      add('advisors');
      profile = { advisor: a };
    }
    if (!onboarded[n]) continue;
    const rows = indexRows(profile);
    // The counters' flags first, as a profile save stores them (0032: a flag moves the tags before it).
    const flagsFirst = [...rows.tags.filter(isCounterFlag), ...rows.tags.filter((tag) => !isCounterFlag(tag))];
    for (const tag of flagsFirst) tags.run(id, tag.kind, tag.value);
    add('profile_tags', rows.tags.length);
    // Members join milliseconds apart and have no picture: each key is its millisecond's first.
    const key = searchKeyBase(at, false);
    keys.run(id, key);
    add('search_keys');
    search.run(key, id, rows.search.name, rows.search.headline, rows.search.body, tagsText(founder[n] ? 'founder' : 'advisor', rows.tags));
    add('profile_search');
  }
});

// Notifications are written as their sources are: the same wording as events/notification-of.ts.
// They live in one MemberNotifications object per member, not in D1 (migration 0024): the rows
// go to <state>/notifications.sqlite, keyed by the receiver, and bench/scale/notifications.mjs
// loads the members a benchmark signs in as into their objects through the development route.
const notificationSide = new DatabaseSync(path.join(root, stateDir, 'notifications.sqlite'));
notificationSide.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
  CREATE TABLE notifications (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, sender_id TEXT, kind TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
    link TEXT, ref_id TEXT, is_seen INTEGER NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID; BEGIN`);
const notification = notificationSide.prepare(
  'INSERT INTO notifications (id, user_id, sender_id, kind, title, body, link, ref_id, is_seen, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
let notificationCount = 0;
const SEEN_BEFORE = NOW - RATIOS.notificationSeenAfterHours.value * 3_600_000;
function notify(to, from, kind, title, body, link, refId, at) {
  if (to === from) return;
  notification.run(rowId(ID_PREFIX.notification, notificationCount++), userId(to), userId(from), kind, title, body, link, refId, at < SEEN_BEFORE ? 1 : 0, iso(at));
}
const later = (from) => from + Math.floor(rand() * (NOW - from));

// Connections: each member asks `connectionsPerMember` others; offsets below N/2 keep every pair unique.
// Accepted ones may get a thread of messages (one thread per pair, as the app keeps it).
// Threads and messages live in each member's MemberInbox object, not in D1 (migration 0033):
// they go to <state>/inbox.sqlite, each thread once per member (keyed by the mailbox's owner,
// under the id the send path derives from the pair) and each message once, and
// bench/scale/inbox.mjs loads the mailboxes of the members a benchmark signs in as through
// the development route. D1 keeps the unread marks the send path leaves (unread_threads).
const inboxFile = path.join(root, stateDir, 'inbox.sqlite');
phase('connections, threads and messages', () => {
  const connection = insert('connections', ['id', 'requester_id', 'receiver_id', 'pair_key', 'status', 'responded_at', 'created_at', 'updated_at']);
  const unreadMark = insert('unread_threads', ['user_id', 'thread_id', 'sender_id', 'since']);
  const side = new DatabaseSync(inboxFile);
  side.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE threads (user_id TEXT NOT NULL, other_id TEXT NOT NULL, id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (user_id, other_id)) WITHOUT ROWID;
    CREATE TABLE messages (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, author_id TEXT NOT NULL, to_id TEXT NOT NULL, body TEXT NOT NULL, reply_to_id TEXT,
      read INTEGER NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID; BEGIN`);
  const thread = side.prepare('INSERT INTO threads (user_id, other_id, id, created_at) VALUES (?, ?, ?, ?)');
  const message = side.prepare('INSERT INTO messages (id, thread_id, author_id, to_id, body, reply_to_id, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const half = Math.floor((N - 1) / 2);
  let connectionCount = 0;
  let threadCount = 0;
  let messageCount = 0;
  let unreadMarks = 0;
  for (let n = 0; n < N; n++) {
    const asks = Math.min(half, countAround(rand, RATIOS.connectionsPerMember.value));
    for (const offset of distinctInts(rand, asks, half)) {
      const other = (n + 1 + offset) % N;
      const [a, b] = [userId(n), userId(other)];
      const at = later(Math.max(createdAt(n), createdAt(other)));
      const accepted = rand() < RATIOS.acceptedShare.value;
      const respondedAt = accepted ? later(at) : null;
      const connectionId = rowId(ID_PREFIX.connection, connectionCount++);
      connection.run(connectionId, a, b, pairKey(a, b), accepted ? 'accepted' : 'pending', respondedAt && iso(respondedAt), iso(at), iso(respondedAt ?? at));
      if (!accepted) {
        notify(other, n, 'connection.requested', 'New connection request', `${nameOf(n)} wants to connect`, '/connections', connectionId, at);
        continue;
      }
      notify(
        n,
        other,
        'connection.accepted',
        `${nameOf(other)} accepted your request`,
        'You are now connected. Say hello!',
        '/connections?tab=connections',
        connectionId,
        respondedAt,
      );
      if (rand() >= RATIOS.threadsPerAccepted.value) continue;
      const threadId = threadIdOf(a, b);
      threadCount++;
      const size = 1 + Math.floor(rand() * (2 * RATIOS.messagesPerThread.value - 1));
      const times = Array.from({ length: size }, () => later(respondedAt)).sort((x, y) => x - y);
      const authors = times.map(() => (rand() < 0.5 ? n : other));
      const last = authors[size - 1];
      // The trailing run by the last author stays unread in `unreadThreadShare` of threads.
      let unreadFrom = size;
      if (rand() < RATIOS.unreadThreadShare.value) while (unreadFrom > 0 && authors[unreadFrom - 1] === last) unreadFrom--;
      const first = messageCount;
      thread.run(a, b, threadId, iso(respondedAt));
      thread.run(b, a, threadId, iso(respondedAt));
      for (let m = 0; m < size; m++) {
        const quotes = m > 0 && rand() < RATIOS.quoteShare.value ? rowId(ID_PREFIX.message, first + Math.floor(rand() * m)) : null;
        const to = authors[m] === n ? other : n;
        message.run(
          rowId(ID_PREFIX.message, messageCount++),
          threadId,
          userId(authors[m]),
          userId(to),
          `About the ${pick(WORDS)}: ${pick(PRODUCTS)}?`,
          quotes,
          m < unreadFrom ? 1 : 0,
          iso(times[m]),
        );
      }
      // The other member has the trailing run unread, since its first message.
      if (unreadFrom < size) {
        unreadMark.run(userId(last === n ? other : n), threadId, userId(last), iso(times[unreadFrom]));
        unreadMarks++;
      }
    }
  }
  side.exec('COMMIT; CREATE INDEX messages_thread ON messages (thread_id, created_at)');
  side.close();
  add('connections', connectionCount);
  add('unread_threads', unreadMarks);
  add('threads (DO)', threadCount);
  add('messages (DO)', messageCount);
});

// The feed: posts over the last 90 days by onboarded members, with likes, comments,
// replies, polls, hashtags and mentions; counters written with the post's final figures.
phase('feed', () => {
  const post = insert('feed_posts', ['id', 'slug', 'author_user_id', 'text', 'group_name', 'is_pinned', 'pinned_at', 'like_count', 'comment_count', 'created_at', 'updated_at']);
  const like = insert('feed_likes', ['post_id', 'user_id', 'created_at']);
  const comment = insert('feed_comments', ['id', 'post_id', 'author_user_id', 'text', 'reply_count', 'created_at', 'updated_at']);
  const reply = insert('feed_replies', ['id', 'comment_id', 'post_id', 'author_user_id', 'text', 'created_at', 'updated_at']);
  const poll = insert('feed_polls', ['id', 'post_id', 'question', 'created_at']);
  const option = insert('feed_poll_options', ['id', 'poll_id', 'position', 'label', 'vote_count']);
  const vote = insert('feed_poll_votes', ['poll_id', 'user_id', 'option_id', 'created_at']);
  const hashtag = insert('feed_hashtags', ['tag', 'post_id', 'created_at']);
  const mention = insert('feed_mentions', ['post_id', 'user_id', 'comment_id', 'created_at']);
  const posts = Math.round(N * RATIOS.postsPerMember.value);
  const FEED_START = NOW - 90 * DAY;
  const groups = GROUP_SHARES.map(([key]) => key);
  const shares = GROUP_SHARES.map(([, share]) => share);
  const pinned = new Set(groups.slice(1));
  // An onboarded member who joined before `at` (of the group's audience: the founders and advisors groups take only their own).
  const onboardedBefore = (at, group = null) => {
    const limit = Math.max(1, Math.floor(((at - START) / (365 * DAY)) * N));
    for (;;) {
      const n = Math.floor(rand() * limit);
      if (onboarded[n] && (group !== 'founders' || founder[n]) && (group !== 'advisors' || !founder[n])) return n;
    }
  };
  let commentCount = 0;
  let replyCount = 0;
  let pollCount = 0;
  for (let p = 0; p < posts; p++) {
    const at = FEED_START + Math.floor(((p + rand()) * 90 * DAY) / posts);
    const postId = rowId(ID_PREFIX.post, p);
    let roll = rand();
    let g = 0;
    while (g < shares.length - 1 && roll >= shares[g]) roll -= shares[g++];
    const group = groups[g];
    const author = onboardedBefore(at, group);
    // The newest post of each group but community is its pin, as in the demo (one per group).
    const pin = p >= posts - 50 && pinned.delete(group);
    const tags = distinctInts(rand, 1 + Math.floor(rand() * 2), HASHTAGS.length).map((t) => HASHTAGS[t]);
    const mentioned = rand() < RATIOS.mentionShare.value ? onboardedBefore(at) : null;
    const text = `${pick(['Update', 'Question', 'Lesson', 'Ask'])} on ${pick(WORDS)}: ${pick(PRODUCTS)} ${mentioned !== null && mentioned !== author ? `thanks to @[${nameOf(mentioned)}](${userId(mentioned)}) ` : ''}${tags.map((t) => `#${t}`).join(' ')}`;
    const slug = `${slugify(text.replace(/@\[([^\]]*)\]\([0-9a-f]{24}\)/g, '$1'))
      .split('-')
      .slice(0, 6)
      .join('-')
      .slice(0, 60)
      .replace(/-+$/, '')}-${postId.slice(-6)}`;
    const link = `/post/${encodeURIComponent(slug)}`;
    const postSnippet = snippet(text);
    // Likes, oldest first; unseen ones collapse into one notification per post, as the app does.
    const likers = distinctInts(rand, Math.min(N, spreadCount(rand, RATIOS.likesPerPost.value)), N);
    const likeTimes = likers.map(() => later(at)).sort((x, y) => x - y);
    const replyCounts = Array.from({ length: spreadCount(rand, RATIOS.commentsPerPost.value) }, () => spreadCount(rand, RATIOS.repliesPerComment.value));
    const comments = replyCounts.reduce((sum, replies) => sum + 1 + replies, 0);
    const createdIso = iso(at);
    post.run(postId, slug, userId(author), text, group, pin ? 1 : 0, pin ? createdIso : null, likers.length, comments, createdIso, createdIso);
    let unseenLike = null;
    likers.forEach((n, index) => {
      like.run(postId, userId(n), iso(likeTimes[index]));
      if (likeTimes[index] < SEEN_BEFORE) notify(author, n, 'post.liked', `${nameOf(n)} liked your post`, postSnippet, link, postId, likeTimes[index]);
      else if (n !== author) unseenLike = [n, likeTimes[index]];
    });
    if (unseenLike) notify(author, unseenLike[0], 'post.liked', `${nameOf(unseenLike[0])} liked your post`, postSnippet, link, postId, unseenLike[1]);
    for (const replies of replyCounts) {
      const commentId = rowId(ID_PREFIX.comment, commentCount++);
      const commenter = onboardedBefore(NOW);
      const commentAt = later(at);
      const commentText = `Good point on ${pick(WORDS)}. ${pick(['How did you test it?', 'Happy to help.', 'Same here.', 'Congratulations!'])}`;
      comment.run(commentId, postId, userId(commenter), commentText, replies, iso(commentAt), iso(commentAt));
      notify(author, commenter, 'post.commented', `${nameOf(commenter)} commented on your post`, snippet(commentText), link, commentId, commentAt);
      for (let r = 0; r < replies; r++) {
        const replyId = rowId(ID_PREFIX.reply, replyCount++);
        const replier = onboardedBefore(NOW);
        const replyAt = later(commentAt);
        const replyText = `Thanks! ${pick(['Will share more soon.', 'Let us talk.', 'Exactly.'])}`;
        reply.run(replyId, commentId, postId, userId(replier), replyText, iso(replyAt), iso(replyAt));
        notify(commenter, replier, 'comment.replied', `${nameOf(replier)} replied to your comment`, snippet(replyText), link, replyId, replyAt);
      }
    }
    for (const tag of tags) hashtag.run(tag, postId, createdIso);
    add('feed_hashtags', tags.length);
    if (mentioned !== null && mentioned !== author) {
      mention.run(postId, userId(mentioned), '', createdIso);
      add('feed_mentions');
      notify(mentioned, author, 'post.mentioned', `${nameOf(author)} mentioned you in a post`, postSnippet, link, postId, at);
    }
    if (rand() < RATIOS.pollShare.value) {
      const pollId = rowId(ID_PREFIX.poll, pollCount);
      poll.run(pollId, postId, `Where do your ${pick(WORDS)} come from?`, createdIso);
      const optionIds = Array.from({ length: RATIOS.pollOptions.value }, (_, o) => rowId(ID_PREFIX.option, pollCount * RATIOS.pollOptions.value + o));
      const voters = distinctInts(rand, Math.min(N, RATIOS.votesPerPoll.value), N);
      const choices = voters.map(() => Math.floor(rand() * optionIds.length));
      optionIds.forEach((optionId, o) => {
        option.run(optionId, pollId, o, `Option ${o + 1}`, choices.filter((choice) => choice === o).length);
      });
      voters.forEach((voter, v) => {
        vote.run(pollId, userId(voter), optionIds[choices[v]], iso(later(at)));
      });
      add('feed_poll_votes', voters.length);
      pollCount++;
    }
    add('feed_likes', likers.length);
  }
  add('feed_posts', posts);
  add('feed_comments', commentCount);
  add('feed_replies', replyCount);
  add('feed_polls', pollCount);
  add('feed_poll_options', pollCount * RATIOS.pollOptions.value);
});
notificationSide.exec('COMMIT; CREATE INDEX notifications_user ON notifications (user_id, created_at)');
notificationSide.close();
add('notifications (DO)', notificationCount);

// Profile views in the last 30 days: one per viewer, profile and day (the key); a private viewer's are private.
// They live in one MemberProfileViews object per member, not in D1 (migration 0025): the rows
// go to <state>/profile-views.sqlite, both sides of each view keyed by the member whose object
// keeps it, and bench/scale/profile-views.mjs loads the members a benchmark signs in as into
// their objects through the development route.
phase('profile views', () => {
  const sideFile = path.join(root, stateDir, 'profile-views.sqlite');
  const side = new DatabaseSync(sideFile);
  side.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE views (user_id TEXT NOT NULL, side TEXT NOT NULL, member_id TEXT NOT NULL, day TEXT NOT NULL, private INTEGER NOT NULL, viewed_at TEXT NOT NULL,
      PRIMARY KEY (user_id, side, member_id, day)) WITHOUT ROWID; BEGIN`);
  const view = side.prepare('INSERT OR IGNORE INTO views (user_id, side, member_id, day, private, viewed_at) VALUES (?, ?, ?, ?, ?, ?)');
  let views = 0;
  for (let n = 0; n < N; n++) {
    for (let v = countAround(rand, RATIOS.profileViewsPerMember.value); v > 0; v--) {
      const viewed = Math.floor(rand() * N);
      if (viewed === n) continue;
      const at = NOW - Math.floor(rand() * 30 * DAY);
      const day = iso(at).slice(0, 10);
      const added = Number(view.run(userId(viewed), 'viewers', userId(n), day, privateBrowsing[n], iso(at)).changes);
      if (added) view.run(userId(n), 'viewed', userId(viewed), day, privateBrowsing[n], iso(at));
      views += added;
    }
  }
  side.exec('COMMIT');
  side.close();
  add('profile_views (DO)', views);
});

// The derived rows agree with the rows they count: each query counts disagreements (through
// indexes only: comment_count reads the checked reply_count, as feed_replies has no post index).
const CHECKS = {
  'feed_posts.like_count': 'SELECT count(*) AS bad FROM feed_posts p WHERE like_count <> (SELECT count(*) FROM feed_likes WHERE post_id = p.id)',
  'feed_posts.comment_count':
    'SELECT count(*) AS bad FROM feed_posts p WHERE comment_count <> (SELECT count(*) + coalesce(sum(reply_count), 0) FROM feed_comments WHERE post_id = p.id)',
  'feed_comments.reply_count': 'SELECT count(*) AS bad FROM feed_comments c WHERE reply_count <> (SELECT count(*) FROM feed_replies WHERE comment_id = c.id)',
  'feed_poll_options.vote_count':
    'SELECT count(*) AS bad FROM feed_poll_options o WHERE vote_count <> (SELECT count(*) FROM feed_poll_votes WHERE poll_id = o.poll_id AND option_id = o.id)',
  feed_post_counts:
    "SELECT count(*) AS bad FROM (SELECT '' AS g, count(*) AS c FROM feed_posts UNION ALL SELECT group_name, count(*) FROM feed_posts GROUP BY group_name) t WHERE c <> (SELECT posts FROM feed_post_counts WHERE group_key = t.g)",
  // The inbox side file (attached as `inbox`): each thread in both members' mailboxes under
  // one id, each message in its author's and recipient's thread, and an unread mark in D1
  // for exactly the member and thread with messages unread, since the first of them.
  'inbox threads': `SELECT count(*) AS bad FROM inbox.threads t
    WHERE NOT EXISTS (SELECT 1 FROM inbox.threads o WHERE o.user_id = t.other_id AND o.other_id = t.user_id AND o.id = t.id)`,
  'inbox messages': `SELECT count(*) AS bad FROM inbox.messages m
    WHERE NOT EXISTS (SELECT 1 FROM inbox.threads t WHERE t.user_id = m.author_id AND t.other_id = m.to_id AND t.id = m.thread_id)`,
  unread_threads: `SELECT (SELECT count(*) FROM (SELECT to_id, thread_id, min(author_id) AS sender, min(created_at) AS since FROM inbox.messages WHERE read = 0 GROUP BY thread_id, to_id) u
      WHERE NOT EXISTS (SELECT 1 FROM unread_threads r WHERE r.user_id = u.to_id AND r.thread_id = u.thread_id AND r.sender_id = u.sender AND r.since = u.since))
    + (SELECT count(*) FROM unread_threads r WHERE NOT EXISTS (SELECT 1 FROM inbox.messages m WHERE m.thread_id = r.thread_id AND m.to_id = r.user_id AND m.read = 0)) AS bad`,
  profile_search: 'SELECT (SELECT count(*) FROM users WHERE onboarded = 1) - (SELECT count(*) FROM profile_search) AS bad',
  search_keys: 'SELECT count(*) AS bad FROM search_keys k LEFT JOIN profile_search s ON s.rowid = k.key WHERE s.user_id IS NOT k.user_id',
  // Kept by 0032's triggers as the rows above are inserted: per type, facet value and pair of
  // values, under the member's flags (1 open to remote, 2 looking; neither is a kind there).
  search_counts: `SELECT count(*) AS bad FROM (SELECT member_type AS t, '' AS k, '' AS v, flags AS f, count(*) AS c FROM search_member_flags WHERE onboarded = 1 GROUP BY 1, 4
    UNION ALL SELECT m.member_type, p.kind, p.value, m.flags, count(*) FROM profile_tags p CROSS JOIN search_member_flags m ON m.user_id = p.user_id
      WHERE p.kind NOT IN ('remote', 'looking') GROUP BY 1, 2, 3, 4) t
    WHERE c IS NOT (SELECT members FROM search_counts WHERE member_type = t.t AND kind = t.k AND value = t.v AND flags = t.f)`,
  search_pair_counts: `SELECT count(*) AS bad FROM (SELECT m.member_type AS t, a.kind AS ka, a.value AS va, b.kind AS kb, b.value AS vb, m.flags AS f, count(*) AS c
    FROM profile_tags a JOIN profile_tags b ON b.user_id = a.user_id AND b.kind > a.kind CROSS JOIN search_member_flags m ON m.user_id = a.user_id
    WHERE a.kind NOT IN ('remote', 'looking') AND b.kind NOT IN ('remote', 'looking') GROUP BY 1, 2, 3, 4, 5, 6) p
    WHERE c IS NOT (SELECT members FROM search_pair_counts WHERE member_type = p.t AND kind_a = p.ka AND value_a = p.va AND kind_b = p.kb AND value_b = p.vb AND flags = p.f)`,
};
if (!args['skip-checks']) {
  db.prepare('ATTACH DATABASE ? AS inbox').run(inboxFile);
  for (const [name, query] of Object.entries(CHECKS)) {
    const { bad } = db.prepare(query).get();
    if (bad !== 0) throw new Error(`${name} disagrees with its rows ${bad} time(s)`);
  }
  db.exec('DETACH DATABASE inbox');
  console.log(`• derived rows checked: ${Object.keys(CHECKS).join(', ')} (${elapsed()})`);
}

db.exec(`PRAGMA journal_mode = ${journal}`);
db.close();
const seconds = (Date.now() - started) / 1000;
console.log(`\n${N.toLocaleString('en')} members in ${stateDir} in ${seconds.toFixed(1)} s (seed ${seed}, now ${iso(NOW)})`);
for (const [table, rows] of Object.entries(counts).sort()) console.log(`  ${table.padEnd(18)} ${rows.toLocaleString('en').padStart(14)}`);
console.log(`\nsign in as ${memberEmail(0)} / ${SCALE_PASSWORD}`);
