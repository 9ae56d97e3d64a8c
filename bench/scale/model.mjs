// The pure parts of the scale generator (bench/scale/generate.mjs): the ratios taken from
// the demo data, the seeded random numbers, the deterministic ids, and the search rows of
// a profile exactly as functions/src/profiles/index-rows.ts writes them. No I/O here, so
// scripts/scale-model.test.ts checks them against the app's own code.
import { EXPERTISE, INDUSTRIES, SKILLS } from '../../functions/src/shared/profile-vocabulary.ts';

/**
 * Per-member (or per-post, per-thread) ratios. `demo` is what functions/src/dev (seed.ts,
 * demo-data.ts, demo-feed.ts, seed-inbox.ts) loads for its 16 members; the generator uses
 * `value`, which equals the demo's figure except where the demo is too small to say
 * (profile views: none in the demo) or where the issue sets a volume (threads per member,
 * so that 1M members hold at least 10M messages). docs/scale.md prints this table.
 */
export const RATIOS = {
  founderShare: { value: 12 / 16, demo: '12 founders of 16 members' },
  onboardedShare: { value: 14 / 16, demo: '14 of 16 onboarded' },
  premiumShare: { value: 1 / 16, demo: '1 of 16 premium' },
  privateBrowsingShare: { value: 0.05, demo: 'none (chosen: 5%)' },
  connectionsPerMember: { value: 5, demo: '8 requests for 16 members (0.5); chosen 5 so every member has a network' },
  acceptedShare: { value: 6 / 8, demo: '6 accepted, 2 pending' },
  postsPerMember: { value: 1, demo: '16 posts for 16 members' },
  pinnedPosts: { value: 5, demo: '5 pinned: one per group besides community' },
  likesPerPost: { value: 23 / 16, demo: '23 likes on 16 posts' },
  commentsPerPost: { value: 6 / 16, demo: '6 comments on 16 posts' },
  repliesPerComment: { value: 4 / 6, demo: '4 replies to 6 comments' },
  pollShare: { value: 1 / 16, demo: '1 poll in 16 posts' },
  pollOptions: { value: 4, demo: '4 options' },
  votesPerPoll: { value: 5, demo: '5 votes' },
  mentionShare: { value: 2 / 16, demo: '2 of 16 posts mention a member' },
  threadsPerAccepted: { value: 0.85, demo: '4 threads (0.25 per member); chosen so 1M members have about 3.2M threads and 11M messages' },
  messagesPerThread: { value: 3.5, demo: '14 messages in 4 threads' },
  unreadThreadShare: { value: 2 / 4, demo: '2 of 4 threads end in unread messages' },
  quoteShare: { value: 1 / 14, demo: '1 of 14 messages quotes an earlier one' },
  profileViewsPerMember: { value: 3, demo: 'none (chosen: 3 in the last 30 days)' },
  notificationSeenAfterHours: { value: 30, demo: 'seed-notifications.ts: older than 30 hours are seen' },
};

/** The feed groups and their share of posts (demo: community 8, fundraising 3, co-founder matching 2, the rest 1 each, of 16). */
export const GROUP_SHARES = [
  ['community', 8 / 16],
  ['fundraising', 3 / 16],
  ['cofounder-matching', 2 / 16],
  ['founders', 1 / 16],
  ['advisors', 1 / 16],
  ['hiring', 1 / 16],
];

/** The demo's cities (functions/src/dev/demo-profiles.ts, GeoNames ids). */
export const CITIES = [
  [2332459, 'Lagos, Nigeria'],
  [2950159, 'Berlin, Germany'],
  [2643743, 'London, United Kingdom'],
  [5391959, 'San Francisco, CA, United States'],
  [1277333, 'Bengaluru, India'],
  [2988507, 'Paris, France'],
  [6167865, 'Toronto, Canada'],
  [184745, 'Nairobi, Kenya'],
];

/** Every generated member's password, and its one stored hash (scrypt N=2^14, r=8, p=5, the app's parameters, fixed salt). */
export const SCALE_PASSWORD = 'scale-password-2026';
export const SCALE_PASSWORD_HASH = 'scrypt$16384$8$5$Zm91bmRlcm1lc2gtc2NhbGU=$fPbWqjs35vq7LXvMbwanrOWtmvIAMOKyuu/lMU2zIRU=';

/** The sign-in address of generated member `n` (0-based). */
export const memberEmail = (n) => `member-${n}@scale.invalid`;

/** mulberry32: numbers in [0, 1) from a 32-bit seed, the same sequence for the same seed. */
export function prng(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How many of something, on average `mean`: the integer part always, one more with the fraction's chance. */
export function countAround(rand, mean) {
  const whole = Math.floor(mean);
  return whole + (rand() < mean - whole ? 1 : 0);
}

/** A small count drawn uniformly from 0..2·mean (so its mean is `mean`), for likes and comments. */
export function spreadCount(rand, mean) {
  return countAround(rand, rand() * 2 * mean);
}

/** `count` distinct integers in [0, n) (count ≤ n). */
export function distinctInts(rand, count, n) {
  const picked = new Set();
  while (picked.size < Math.min(count, n)) picked.add(Math.floor(rand() * n));
  return [...picked];
}

/** A deterministic 24-hex-character id: a 4-hex table prefix and the row number. */
export function rowId(prefix, n) {
  return prefix + n.toString(16).padStart(20, '0');
}

export const ID_PREFIX = {
  user: '5ca1',
  founder: '5ca2',
  advisor: '5ca3',
  connection: '5ca4',
  post: '5ca5',
  comment: '5ca6',
  reply: '5ca7',
  poll: '5ca8',
  option: '5ca9',
  thread: '5caa',
  message: '5cab',
  notification: '5cac',
};

/** The two ids sorted and joined by ':' (connections, threads). */
export const pairKey = (a, b) => (a < b ? `${a}:${b}` : `${b}:${a}`);

const labels = (values, vocabulary) => values.map((value) => vocabulary[value]).filter((label) => label !== undefined);
const joinText = (parts) => parts.filter((part) => part?.trim()).join('\n');

/**
 * The profile_tags and profile_search rows of an onboarded profile, as indexRowsOf in
 * functions/src/profiles/index-rows.ts makes them (the unit test compares the two).
 * `founder` and `advisor` take the drizzle field names of that module's Account.
 * @param {{ founder?: any; advisor?: any }} profile
 */
export function indexRows({ founder, advisor }) {
  const each = (kind, values) => [...new Set(values)].map((value) => ({ kind, value }));
  const when = (kind, condition, value = '1') => (condition ? [{ kind, value }] : []);
  if (founder) {
    return {
      tags: [
        ...each('skill', founder.skills),
        ...each('industry', founder.industries),
        ...when('commitment', founder.commitment !== null, founder.commitment ?? ''),
        ...when('stage', founder.ideaStage !== null, founder.ideaStage ?? ''),
        ...when('technical', founder.isTechnical !== null, founder.isTechnical ? '1' : '0'),
        ...when('remote', founder.openToRemote),
        ...when('city', founder.cityId !== null, String(founder.cityId)),
        ...when('looking', founder.lookingForCofounder),
      ],
      search: {
        name: `${founder.firstName} ${founder.lastName}`.trim(),
        headline: founder.tagline ?? '',
        body: joinText([founder.bio, founder.interests.join(', '), labels(founder.skills, SKILLS).join(', '), labels(founder.industries, INDUSTRIES).join(', '), founder.cityName]),
      },
    };
  }
  return {
    tags: [
      ...each('expertise', advisor.expertise),
      ...each('industry', advisor.industries),
      ...each('help', advisor.helpTypes),
      ...when('remote', advisor.openToRemote),
      ...when('city', advisor.cityId !== null, String(advisor.cityId)),
    ],
    search: {
      name: advisor.name,
      headline: advisor.position ?? '',
      body: joinText([advisor.bio, advisor.experience, labels(advisor.expertise, EXPERTISE).join(', '), labels(advisor.industries, INDUSTRIES).join(', '), advisor.cityName]),
    },
  };
}

/** A notification snippet, as snippetOf in functions/src/events/notification-of.ts cuts it (140 characters at a word). */
export function snippet(text, max = 140) {
  const plain = text
    .replace(/@\[([^\]\n]{1,100})\]\(([0-9a-fA-F]{24})\)/g, '@$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}
