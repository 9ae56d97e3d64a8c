// The bench feed: 100,000 posts by the 10,000 members of bench/lib/profiles-data.mjs, with
// groups, pinned posts, hashtags, mentions, pictures and a few videos, polls with options
// and votes, likes (rows and like_count), comments and replies (rows, reply_count and
// comment_count), as SQL statements. Deterministic: the same members and seed give the same
// posts, slugs and counts.
//
//   const feed = await loadFeedBench('.wrangler/bench-feed');  // wiped, members and posts loaded
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { loadProfilesBench } from './profiles-data.mjs';
import { insertStatements } from '../../scripts/lib/sql.mjs';
import { random } from './random.mjs';

const DAY_MS = 86_400_000;
// The groups migration 0005 seeds, with who may post in them.
const GROUPS = [
  ['community', 'all'],
  ['founders', 'founder'],
  ['advisors', 'advisor'],
  ['fundraising', 'all'],
  ['cofounder-matching', 'all'],
  ['hiring', 'all'],
];
// Hashtags, the first ones far more common (a few tags carry most posts, as in real feeds).
const TAGS = [
  'fundraising',
  'hiring',
  'launch',
  'saas',
  'fintech',
  'ai',
  'climate',
  'growth',
  'product',
  'pricing',
  'seed',
  'preseed',
  'b2b',
  'marketplace',
  'healthtech',
  'edtech',
  'agritech',
  'remote',
  'cofounder',
  'design',
  'sales',
  'legal',
  'ops',
  'africa',
  'europe',
  'latam',
  'asia',
  'mentorship',
  'buildinpublic',
  'devtools',
];
const OPENERS = [
  'Just shipped',
  'Looking for feedback on',
  'Three lessons from building',
  'We crossed 1,000 users with',
  'Hiring our first engineer for',
  'Closed our pre-seed round for',
  'Anyone else working on',
  'Week 12 update on',
  'What I wish I knew before starting',
  'Pricing question about',
];
const PRODUCTS = [
  'payroll for small bakeries',
  'telehealth for rural clinics',
  'crop insurance for smallholder farmers',
  'invoicing for freelance designers',
  'freight tracking for logistics startups',
  'carbon accounting for game studios',
  'micro-loans for street vendors',
  'tutoring for city schools',
  'inventory for independent pharmacies',
  'rent payments for remote teams',
];
const BODIES = [
  'The hardest part was not the code, it was finding the first ten customers who would pay.',
  'We talked to 40 people before writing a line of code. Half of them said no, and that was the useful half.',
  'Our churn dropped by a third once we moved onboarding to a call. Happy to share the script.',
  'If you have sold to procurement teams before, I would love 20 minutes of your time.',
  'Details and the deck at https://example.com/notes, comments welcome.',
  'Still figuring out whether to charge per seat or per usage. What worked for you?',
];
const COMMENTS = [
  'Congratulations, well deserved!',
  'How did you find your first customers?',
  'We saw the same thing with annual plans.',
  'Happy to intro you to a few people, DM me.',
  'What stack are you on?',
  'Per usage worked better for us after year one.',
  'Following this one.',
  'Great write-up, thanks for sharing.',
];
const REPLIES = ['Thank you!', 'Mostly warm intros, then referrals.', 'That would be great, sending a note.', 'Good point, we will try that.', 'Astro, Hono and D1 on Cloudflare.'];
const POLLS = [
  ['Per seat or per usage?', ['Per seat', 'Per usage', 'Flat fee']],
  ['First hire?', ['Engineer', 'Sales', 'Designer', 'Ops']],
  ['Raise now or wait?', ['Raise now', 'Wait six months']],
  ['Best channel so far?', ['Referrals', 'Content', 'Outbound', 'Events', 'Ads']],
];

/**
 * The slug as functions/src/feed/tags.ts postSlug makes it: up to six words of the text and
 * six characters of the id (more when those are taken, as a retry would find a free one).
 */
function slugOf(text, id, taken) {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .split('-')
    .filter(Boolean)
    .slice(0, 6)
    .join('-')
    .slice(0, 60)
    .replace(/-+$/, '');
  let length = 6;
  while (taken.has(`${words || 'post'}-${id.slice(0, length)}`)) length += 2;
  const slug = `${words || 'post'}-${id.slice(0, length)}`;
  taken.add(slug);
  return slug;
}

/**
 * The bench feed over `members` (`{ id, memberType, name }`, member 0 the bench founder):
 * `posts` posts, newest first over the last year, as INSERT statements, with the counts,
 * sample post slugs for the page bench, and the busiest group and hashtag.
 */
export function feedBenchData(members, { posts = 100_000, seed = 5, now = Date.now() } = {}) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const skewed = (list) => list[Math.floor(rand() ** 2.5 * list.length)];
  const idOf = (kind, i) => createHash('sha256').update(`${seed}:${kind}:${i}`).digest('hex').slice(0, 24);
  const member = () => members[Math.floor(rand() * members.length)];
  const byType = { founder: members.filter((m) => m.memberType === 'founder'), advisor: members.filter((m) => m.memberType === 'advisor') };
  const rows = {
    feed_posts: [],
    feed_post_media: [],
    feed_polls: [],
    feed_poll_options: [],
    feed_poll_votes: [],
    feed_likes: [],
    feed_comments: [],
    feed_replies: [],
    feed_hashtags: [],
    feed_mentions: [],
  };
  const pinnedPerGroup = new Map();
  const slugs = new Set();
  const withComments = [];
  const spacing = (365 * DAY_MS) / posts;

  for (let i = 0; i < posts; i += 1) {
    const id = idOf('post', i);
    const created = new Date(now - i * spacing - Math.floor(rand() * spacing)).toISOString();
    const [group, audience] = rand() < 0.45 ? [null, 'all'] : pick(GROUPS);
    const author = audience === 'all' ? member() : pick(byType[audience]);
    const tags = rand() < 0.7 ? [...new Set([skewed(TAGS), ...(rand() < 0.4 ? [skewed(TAGS)] : [])])] : [];
    const mentioned = rand() < 0.05 ? member() : null;
    const text = [
      `${pick(OPENERS)} ${pick(PRODUCTS)}.`,
      pick(BODIES),
      mentioned && mentioned.id !== author.id ? `Thanks @[${mentioned.name}](${mentioned.id}) for the push.` : '',
      tags.map((tag) => `#${tag}`).join(' '),
    ]
      .filter(Boolean)
      .join('\n');
    const pinned = i % 97 === 0 && (pinnedPerGroup.get(group) ?? 0) < 3;
    if (pinned) pinnedPerGroup.set(group, (pinnedPerGroup.get(group) ?? 0) + 1);
    const edited = rand() < 0.05 ? new Date(Date.parse(created) + 3_600_000).toISOString() : null;
    const post = {
      id,
      slug: slugOf(text.replace(/@\[([^\]]+)\]\([0-9a-f]{24}\)/g, '$1'), id, slugs),
      author_user_id: author.id,
      text,
      group_name: group,
      is_pinned: pinned ? 1 : 0,
      created_at: created,
      updated_at: edited ?? created,
      pinned_at: pinned ? created : null,
      edited_at: edited,
      like_count: 0,
      comment_count: 0,
    };
    rows.feed_posts.push(post);
    for (const tag of tags) rows.feed_hashtags.push({ tag, post_id: id, created_at: created });
    if (mentioned && mentioned.id !== author.id) rows.feed_mentions.push({ post_id: id, user_id: mentioned.id, comment_id: '', created_at: created });

    const mediaRoll = rand();
    if (mediaRoll < 0.15) {
      const count = 1 + Math.floor(rand() * 3);
      for (let m = 0; m < count; m += 1) {
        const mediaId = idOf(`media-${i}`, m);
        rows.feed_post_media.push({
          id: mediaId,
          post_id: id,
          position: m,
          r2_key: `posts/${mediaId}.webp`,
          mime: 'image/webp',
          alt: `Screenshot ${m + 1} of the product`,
          width: 1200,
          height: 800,
          bytes: 120_000,
          created_at: created,
        });
      }
    } else if (mediaRoll < 0.16) {
      const mediaId = idOf(`media-${i}`, 0);
      rows.feed_post_media.push({
        id: mediaId,
        post_id: id,
        position: 0,
        r2_key: `posts/${mediaId}.mp4`,
        mime: 'video/mp4',
        alt: null,
        width: 1280,
        height: 720,
        bytes: 4_000_000,
        created_at: created,
      });
    }

    if (rand() < 0.05) {
      const pollId = idOf('poll', i);
      const [question, labels] = pick(POLLS);
      const closesAt = rand() < 0.5 ? null : new Date(Date.parse(created) + 7 * DAY_MS).toISOString();
      rows.feed_polls.push({ id: pollId, post_id: id, question, closes_at: closesAt, created_at: created });
      const options = labels.map((label, position) => ({ id: idOf(`option-${i}`, position), poll_id: pollId, position, label, vote_count: 0 }));
      const voters = new Set(Array.from({ length: Math.floor(rand() * 25) }, () => member().id));
      for (const voter of voters) {
        const option = pick(options);
        option.vote_count += 1;
        rows.feed_poll_votes.push({ poll_id: pollId, user_id: voter, option_id: option.id, created_at: created });
      }
      rows.feed_poll_options.push(...options);
    }

    if (rand() < 0.4) {
      const likers = new Set(Array.from({ length: 1 + Math.floor(rand() ** 2 * 15) }, () => member().id));
      if (rand() < 0.05) likers.add(members[0].id);
      for (const liker of likers) rows.feed_likes.push({ post_id: id, user_id: liker, created_at: created });
      post.like_count = likers.size;
    }

    if (rand() < 0.25) {
      const comments = 1 + Math.floor(rand() ** 2 * 6);
      for (let c = 0; c < comments; c += 1) {
        const commentId = idOf(`comment-${i}`, c);
        const at = new Date(Date.parse(created) + (c + 1) * 600_000).toISOString();
        const replies = rand() < 0.25 ? 1 + Math.floor(rand() * 3) : 0;
        rows.feed_comments.push({
          id: commentId,
          post_id: id,
          author_user_id: member().id,
          text: pick(COMMENTS),
          reply_count: replies,
          edited_at: null,
          created_at: at,
          updated_at: at,
        });
        for (let r = 0; r < replies; r += 1) {
          const replyAt = new Date(Date.parse(at) + (r + 1) * 60_000).toISOString();
          rows.feed_replies.push({
            id: idOf(`reply-${i}-${c}`, r),
            comment_id: commentId,
            post_id: id,
            author_user_id: r % 2 === 0 ? author.id : member().id,
            text: pick(REPLIES),
            edited_at: null,
            created_at: replyAt,
            updated_at: replyAt,
          });
        }
        post.comment_count += 1 + replies;
      }
      if (withComments.length < 100) withComments.push(post.slug);
    }
  }

  // Rows per INSERT: each statement stays under SQLite's 100 KB statement limit in D1.
  const perStatement = {
    feed_posts: 120,
    feed_post_media: 300,
    feed_polls: 300,
    feed_poll_options: 400,
    feed_poll_votes: 400,
    feed_likes: 600,
    feed_comments: 300,
    feed_replies: 300,
    feed_hashtags: 600,
    feed_mentions: 500,
  };
  const statements = Object.entries(rows).flatMap(([table, list]) => insertStatements(table, list, perStatement[table]));
  return {
    statements,
    counts: Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length])),
    sampleSlugs: withComments,
    busiestTag: TAGS[0],
    busiestGroup: 'fundraising',
  };
}

/**
 * Wipes `stateDir`, loads the bench community (loadProfilesBench: 10,000 members), reads
 * its members back, then loads the bench feed; answers the community's data (`member` is
 * the bench founder who signs in), the feed's counts and sample slugs, and the seconds taken.
 */
export async function loadFeedBench(stateDir, { members = 10_000, posts = 100_000 } = {}) {
  const started = Date.now();
  const community = await loadProfilesBench(stateDir, { members });
  const wrangler = (args) => runBin('wrangler', [...args, '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
  // Read back in pages: the command's whole output is kept in memory and capped in size.
  const list = [];
  for (let offset = 0; offset < members; offset += 2000) {
    const output = wrangler([
      'd1',
      'execute',
      'DB',
      '--json',
      '--command',
      `SELECT id, member_type AS memberType, first_name || ' ' || last_name AS name FROM users ORDER BY created_at, id LIMIT 2000 OFFSET ${offset}`,
    ]);
    list.push(...JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1))[0].results);
  }
  // Member 0 is the bench founder: the one who signs in, and who likes a few posts.
  const everyone = [list.find((m) => m.id === community.member.userId), ...list.filter((m) => m.id !== community.member.userId)];
  const { statements, ...feed } = feedBenchData(everyone, { posts });
  const file = path.join(root, stateDir, 'feed.sql');
  writeFileSync(file, `${statements.join('\n')}\n`);
  wrangler(['d1', 'execute', 'DB', '--file', file]);
  return { ...community, feed, loadSeconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
}
