/**
 * The demo feed around DEMO_POSTS: a pinned post in each other group, a poll with votes,
 * posts tagging members (one of them the demo member), a post of the demo member's with
 * likes and a comment, likes, and comments with replies. Posts are named by `key`
 * (`main:<index>` for DEMO_POSTS); `@{email}` in a text becomes a mention of that member.
 */

type DemoFeedPost = {
  key: string;
  author: string;
  group: string;
  pinned?: boolean;
  hoursAgo: number;
  text: string;
  poll?: { question: string; options: string[]; votes: Record<string, number> };
};

const ADMIN = 'admin@foundermesh.dev';

export const DEMO_FEED_POSTS: DemoFeedPost[] = [
  {
    key: 'pin:founders',
    author: ADMIN,
    group: 'founders',
    pinned: true,
    hoursAgo: 100,
    text: 'Founders only: share what you are stuck on this week. Specific asks get specific help. #founders',
  },
  {
    key: 'pin:advisors',
    author: 'helen.park@foundermesh.dev',
    group: 'advisors',
    pinned: true,
    hoursAgo: 99,
    text: 'Advisors: post your office hours here, with who you can help best and how to book. #officehours',
  },
  {
    key: 'pin:fundraising',
    author: ADMIN,
    group: 'fundraising',
    pinned: true,
    hoursAgo: 98,
    text: 'Fundraising ground rules: no cold pitching in comments; ask for intros through connections. #fundraising',
  },
  {
    key: 'pin:cofounder-matching',
    author: ADMIN,
    group: 'cofounder-matching',
    pinned: true,
    hoursAgo: 97,
    text: 'Looking for a co-founder? Say what you build, what you bring and what you need. Matching suggestions live under Matching. #cofounder',
  },
  { key: 'pin:hiring', author: ADMIN, group: 'hiring', pinned: true, hoursAgo: 96, text: 'Hiring posts: role, stage, location or remote, and a salary range. #hiring' },
  {
    key: 'poll',
    author: 'sofia.alvarez@foundermesh.dev',
    group: 'community',
    hoursAgo: 9,
    text: 'Quick poll for early-stage teams: where do your first ten customers come from? #gtm',
    poll: {
      question: 'Your first ten customers came from…',
      options: ['Our own network', 'Cold outreach', 'Communities like this one', 'Content and SEO'],
      votes: { 'demo@foundermesh.dev': 0, 'priya.raman@foundermesh.dev': 2, 'jonas.weber@foundermesh.dev': 1, 'helen.park@foundermesh.dev': 0, 'lucas.moreau@foundermesh.dev': 2 },
    },
  },
  {
    key: 'mention',
    author: 'arjun.mehta@foundermesh.dev',
    group: 'community',
    hoursAgo: 4,
    text: 'Thank you @{helen.park@foundermesh.dev} for the pricing teardown yesterday: we doubled our annual plan price and nobody blinked. #pricing #buildinpublic',
  },
  {
    key: 'demo:update',
    author: 'demo@foundermesh.dev',
    group: 'community',
    hoursAgo: 15,
    text: 'Loop update: three clinics now book 40% of their follow-ups without a phone call. Next up: waitlists that fill cancelled slots on their own. #healthtech #buildinpublic',
  },
  {
    key: 'demo:mention',
    author: 'david.mensah@foundermesh.dev',
    group: 'community',
    hoursAgo: 5,
    text: 'If you sell to clinics, talk to @{demo@foundermesh.dev}: the clearest thinking on scheduling I have heard this year. #healthtech',
  },
];

/** Who likes which post. */
export const DEMO_LIKES: Record<string, string[]> = {
  'main:0': ['demo@foundermesh.dev', 'priya.raman@foundermesh.dev', 'helen.park@foundermesh.dev', 'jonas.weber@foundermesh.dev'],
  'main:1': ['demo@foundermesh.dev', 'amara.nwosu@foundermesh.dev', 'david.mensah@foundermesh.dev', 'lucas.moreau@foundermesh.dev', 'helen.park@foundermesh.dev'],
  'main:3': ['demo@foundermesh.dev', 'sofia.alvarez@foundermesh.dev'],
  'main:6': ['priya.raman@foundermesh.dev', 'helen.park@foundermesh.dev', 'david.mensah@foundermesh.dev'],
  poll: ['demo@foundermesh.dev', 'lucas.moreau@foundermesh.dev'],
  mention: ['helen.park@foundermesh.dev', 'demo@foundermesh.dev'],
  'demo:update': ['priya.raman@foundermesh.dev', 'helen.park@foundermesh.dev', 'amara.nwosu@foundermesh.dev'],
  'demo:mention': ['demo@foundermesh.dev', 'helen.park@foundermesh.dev'],
};

type DemoComment = { post: string; author: string; hoursAgo: number; text: string; replies?: { author: string; hoursAgo: number; text: string }[] };

export const DEMO_COMMENTS: DemoComment[] = [
  {
    post: 'main:1',
    author: 'demo@foundermesh.dev',
    hoursAgo: 28,
    text: 'Congratulations! Would you share the deck structure that worked in the end?',
    replies: [{ author: 'priya.raman@foundermesh.dev', hoursAgo: 27, text: 'Happy to: problem, farmer story, traction, then the model. I will send it over.' }],
  },
  { post: 'main:1', author: 'david.mensah@foundermesh.dev', hoursAgo: 25, text: 'Well deserved. Leading with the customer is the right call for climate tech.' },
  {
    post: 'main:4',
    author: 'helen.park@foundermesh.dev',
    hoursAgo: 10,
    text: 'Start with a risk assessment and a BAA with every vendor that touches patient data. Happy to share our checklist.',
    replies: [
      { author: 'amara.nwosu@foundermesh.dev', hoursAgo: 9, text: 'That would be wonderful, thank you!' },
      { author: 'demo@foundermesh.dev', hoursAgo: 8, text: 'Following: we will need this for clinic scheduling too.' },
    ],
  },
  { post: 'poll', author: 'jonas.weber@foundermesh.dev', hoursAgo: 7, text: 'Communities, but only after we had something to show. #gtm' },
  { post: 'main:6', author: 'helen.park@foundermesh.dev', hoursAgo: 1, text: 'Fourteen weeks of nights and weekends: congratulations on shipping!' },
  {
    post: 'demo:update',
    author: 'amara.nwosu@foundermesh.dev',
    hoursAgo: 13,
    text: 'Forty percent is huge. Do the clinics need to change anything at the front desk?',
    replies: [{ author: 'demo@foundermesh.dev', hoursAgo: 12, text: 'Nothing: Loop reads the same calendar they already use.' }],
  },
];
