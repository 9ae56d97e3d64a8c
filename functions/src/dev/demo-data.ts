/**
 * The demo community loaded by POST /dev/seed: a demo member, a demo admin, founders
 * (some looking for a co-founder, two who have not finished onboarding), advisors and a
 * first page of feed posts. Their profiles are in demo-profiles.ts. Every address is on
 * foundermesh.dev.
 */
import type { NewAccount } from '../users/repository';

export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_ADMIN_PASSWORD = 'admin-password-2026';

/** A demo account; `onboarded: false` leaves it where registration left it (profile in demo-profiles.ts otherwise). */
type DemoMember = Omit<NewAccount, 'passwordHash' | 'emailVerified' | 'onboarded'> & { password: string; onboarded?: false };

export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: 'demo@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Maya',
    lastName: 'Okafor',
    memberType: 'founder',
    tagline: 'Building Loop, a scheduling copilot for small clinics · ex-Stripe',
  },
  {
    email: 'admin@foundermesh.dev',
    password: DEMO_ADMIN_PASSWORD,
    firstName: 'Sam',
    lastName: 'Rivera',
    memberType: 'founder',
    userRole: 'admin',
    tagline: 'Community lead at FounderMesh',
  },
  {
    email: 'priya.raman@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Priya',
    lastName: 'Raman',
    memberType: 'founder',
    tagline: 'Co-founder & CEO at Fernwork: soil and yield data for mid-size farms',
    roleType: 'premium',
    premium: true,
  },
  {
    email: 'jonas.weber@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Jonas',
    lastName: 'Weber',
    memberType: 'founder',
    tagline: 'Founder of Tallyho, payroll for seasonal teams · looking for a technical co-founder',
  },
  {
    email: 'amara.nwosu@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Amara',
    lastName: 'Nwosu',
    memberType: 'founder',
    tagline: 'CTO at Kinfolk Health, remote care for people who look after their parents',
  },
  {
    email: 'lucas.moreau@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Lucas',
    lastName: 'Moreau',
    memberType: 'founder',
    tagline: 'Solo founder of Ledgerline, an invoicing API for B2B marketplaces · pre-seed',
  },
  {
    email: 'sofia.alvarez@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Sofía',
    lastName: 'Álvarez',
    memberType: 'founder',
    tagline: 'Founder at Brightline Robotics, pick-and-place arms for small warehouses',
  },
  {
    email: 'arjun.mehta@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Arjun',
    lastName: 'Mehta',
    memberType: 'founder',
    tagline: 'ML engineer looking for a commercial co-founder in health or fintech',
  },
  {
    email: 'wanjiru.kamau@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    memberType: 'founder',
    tagline: 'Full-stack engineer ready to join a founder as technical co-founder',
  },
  {
    email: 'chloe.dubois@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Chloé',
    lastName: 'Dubois',
    memberType: 'founder',
    tagline: 'Designer who codes · a reading companion for children with dyslexia',
  },
  {
    email: 'noah.kim@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Noah',
    lastName: 'Kim',
    memberType: 'founder',
    onboarded: false,
  },
  {
    email: 'lea.fischer@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Lea',
    lastName: 'Fischer',
    memberType: 'founder',
    onboarded: false,
  },
  {
    email: 'helen.park@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Helen',
    lastName: 'Park',
    memberType: 'advisor',
    position: 'Former VP Product at Shopify · advises on pricing and packaging',
  },
  {
    email: 'david.mensah@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'David',
    lastName: 'Mensah',
    memberType: 'advisor',
    position: 'Partner at Northwind Ventures (pre-seed fintech)',
  },
  {
    email: 'rachel.goldberg@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Rachel',
    lastName: 'Goldberg',
    memberType: 'advisor',
    position: 'Fractional CFO for seed-stage startups',
  },
  {
    email: 'tomas.lindqvist@foundermesh.dev',
    password: DEMO_PASSWORD,
    firstName: 'Tomás',
    lastName: 'Lindqvist',
    memberType: 'advisor',
    position: 'Go-to-market advisor, ex-HubSpot',
  },
];

type DemoPost = { author: string; group: string; pinned?: boolean; hoursAgo: number; text: string };

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'admin@foundermesh.dev',
    group: 'community',
    pinned: true,
    hoursAgo: 72,
    text:
      'Welcome to FounderMesh! 👋 Introduce yourself below: what you are building, what you need help with, ' +
      'and what you can help others with. Please read the community guidelines first: https://foundermesh.app/guidelines #introductions',
  },
  {
    author: 'priya.raman@foundermesh.dev',
    group: 'fundraising',
    hoursAgo: 30,
    text:
      'We just closed the pre-seed round for Fernwork 🌱 Huge thanks to everyone here who tore our deck apart in October. ' +
      'Biggest lesson: lead with the farmer, not the model. #fundraising #climatetech',
  },
  {
    author: 'jonas.weber@foundermesh.dev',
    group: 'cofounder-matching',
    hoursAgo: 26,
    text:
      'Looking for a technical co-founder for Tallyho (payroll for seasonal teams). TypeScript and Postgres, 12 paying customers, ' +
      'profitable on a small scale. If you have ever fought shift-based payroll, let us talk. #cofounder',
  },
  {
    author: 'helen.park@foundermesh.dev',
    group: 'community',
    hoursAgo: 20,
    text:
      'Pricing tip: do not anchor on your costs. Ask ten customers what it is worth to make the problem go away, then charge for the outcome. ' +
      'Happy to review three pricing pages this week: reply here.',
  },
  {
    author: 'amara.nwosu@foundermesh.dev',
    group: 'community',
    hoursAgo: 12,
    text: 'Has anyone done HIPAA compliance as a two-person team? Looking for a pragmatic checklist rather than a 90-page PDF. #healthtech',
  },
  {
    author: 'david.mensah@foundermesh.dev',
    group: 'fundraising',
    hoursAgo: 6,
    text: 'Office hours this Friday: 20-minute slots for pre-seed fintech founders. Book through my profile. #officehours',
  },
  {
    author: 'lucas.moreau@foundermesh.dev',
    group: 'community',
    hoursAgo: 2,
    text: 'Shipped v1 of the Ledgerline API today after 14 weeks of nights and weekends. Changelog: https://ledgerline.example.com/changelog #buildinpublic',
  },
];

type DemoConnection = { from: string; to: string; status: 'accepted' | 'pending'; daysAgo: number; note?: string };

/**
 * The demo member's network: a few connections, one request waiting for them and one
 * they sent; plus connections between others, so suggestions have shared connections.
 */
export const DEMO_CONNECTIONS: DemoConnection[] = [
  { from: 'demo@foundermesh.dev', to: 'priya.raman@foundermesh.dev', status: 'accepted', daysAgo: 40 },
  { from: 'helen.park@foundermesh.dev', to: 'demo@foundermesh.dev', status: 'accepted', daysAgo: 21, note: 'Loved your post on clinic scheduling. Happy to help with pricing.' },
  { from: 'demo@foundermesh.dev', to: 'david.mensah@foundermesh.dev', status: 'accepted', daysAgo: 9 },
  {
    from: 'jonas.weber@foundermesh.dev',
    to: 'demo@foundermesh.dev',
    status: 'pending',
    daysAgo: 1,
    note: 'Hi Maya! We both sell to small teams with messy schedules. Would you swap notes on onboarding?',
  },
  { from: 'demo@foundermesh.dev', to: 'rachel.goldberg@foundermesh.dev', status: 'pending', daysAgo: 2, note: 'Preparing our seed round and would value your view on the model.' },
  { from: 'priya.raman@foundermesh.dev', to: 'amara.nwosu@foundermesh.dev', status: 'accepted', daysAgo: 30 },
  { from: 'helen.park@foundermesh.dev', to: 'lucas.moreau@foundermesh.dev', status: 'accepted', daysAgo: 14 },
  { from: 'david.mensah@foundermesh.dev', to: 'lucas.moreau@foundermesh.dev', status: 'accepted', daysAgo: 7 },
];
