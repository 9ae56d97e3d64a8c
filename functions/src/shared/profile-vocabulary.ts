/**
 * The words profiles are made of: skills, industries, stages, expertise and ways of
 * helping, each a stable key with the label members read. The API validates against the
 * keys; the app imports the labels (types and plain data only, nothing of the data layer).
 */

const vocabulary = <const K extends string>(entries: Record<K, string>) => entries;

export const SKILLS = vocabulary({
  engineering: 'Engineering',
  product: 'Product',
  design: 'Design',
  data: 'Data and AI',
  'sales-marketing': 'Sales and marketing',
  operations: 'Operations',
  finance: 'Finance',
  fundraising: 'Fundraising',
  hardware: 'Hardware',
  legal: 'Legal and compliance',
});

export const INDUSTRIES = vocabulary({
  fintech: 'Fintech',
  healthtech: 'Health',
  climate: 'Climate and energy',
  edtech: 'Education',
  ai: 'AI and machine learning',
  'b2b-saas': 'B2B software',
  devtools: 'Developer tools',
  consumer: 'Consumer',
  marketplaces: 'Marketplaces',
  ecommerce: 'E-commerce and retail',
  biotech: 'Biotech',
  'hardware-robotics': 'Hardware and robotics',
  mobility: 'Mobility and logistics',
  agtech: 'Food and agriculture',
  proptech: 'Real estate',
  media: 'Media and creators',
  gaming: 'Gaming',
  security: 'Security',
  govtech: 'Government and civic',
  'future-of-work': 'Future of work',
});

export const COMMITMENTS = vocabulary({
  'full-time': 'Full time',
  'part-time': 'Part time',
});

export const IDEA_STAGES = vocabulary({
  'no-idea': 'No idea yet: open to joining one',
  idea: 'An idea',
  prototype: 'A prototype',
  launched: 'Launched',
  revenue: 'Making revenue',
});

export const EXPERTISE = vocabulary({
  fundraising: 'Fundraising',
  'go-to-market': 'Go-to-market',
  product: 'Product',
  engineering: 'Engineering',
  design: 'Design',
  hiring: 'Hiring and teams',
  finance: 'Finance',
  legal: 'Legal',
  operations: 'Operations',
  sales: 'Sales',
  marketing: 'Marketing',
  international: 'International expansion',
  regulation: 'Regulation',
  pricing: 'Pricing',
});

export const HELP_TYPES = vocabulary({
  mentoring: 'Mentoring',
  investing: 'Investing',
  advising: 'Advising',
});

/** The responsibilities a founder takes on, and wants a co-founder to take. */
export const RESPONSIBILITIES = vocabulary({
  engineering: 'Engineering',
  product: 'Product',
  design: 'Design',
  'sales-marketing': 'Sales and marketing',
  operations: 'Operations',
  fundraising: 'Fundraising',
});

/** How a founder expects to split equity with a co-founder. */
export const EQUITY_EXPECTATIONS = vocabulary({
  equal: 'Equal split',
  open: 'Open to discuss',
  'majority-me': 'Majority to me',
  'majority-cofounder': 'Majority to my co-founder',
});

/** When a founder can work on the startup full time. */
export const FULL_TIME_TIMING = vocabulary({
  now: 'Now',
  '3-months': 'Within 3 months',
  '6-months': 'Within 6 months',
  later: 'Later',
});

/** How an advisor engages with a founder. */
export const ENGAGEMENTS = vocabulary({
  'one-off': 'One-off sessions',
  monthly: 'Monthly check-ins',
  ongoing: 'Ongoing',
});

/** The stages an advisor helps most: the idea stages of a startup that exists. */
export const HELP_STAGES = vocabulary({
  idea: 'An idea',
  prototype: 'A prototype',
  launched: 'Launched',
  revenue: 'Making revenue',
});

export type Skill = keyof typeof SKILLS;
export type Industry = keyof typeof INDUSTRIES;
export type Commitment = keyof typeof COMMITMENTS;
export type IdeaStage = keyof typeof IDEA_STAGES;
export type Expertise = keyof typeof EXPERTISE;
export type HelpType = keyof typeof HELP_TYPES;
export type Responsibility = keyof typeof RESPONSIBILITIES;
export type EquityExpectation = keyof typeof EQUITY_EXPECTATIONS;
export type FullTimeTiming = keyof typeof FULL_TIME_TIMING;
export type Engagement = keyof typeof ENGAGEMENTS;
export type HelpStage = keyof typeof HELP_STAGES;

/** The keys of a vocabulary, as a tuple for z.enum. */
export function keysOf<K extends string>(entries: Record<K, string>): [K, ...K[]] {
  return Object.keys(entries) as [K, ...K[]];
}

/** Importance of a co-founder preference. */
export const IMPORTANCE = vocabulary({
  'must-have': 'Must have',
  'nice-to-have': 'Nice to have',
  'dont-care': "Don't care",
});
export type Importance = keyof typeof IMPORTANCE;

/** Limits shared by the API's validation and the app's forms. */
export const PROFILE_LIMITS = {
  nameMax: 60,
  taglineMax: 120,
  positionMax: 120,
  bioMax: 2000,
  experienceMax: 600,
  interestsMax: 10,
  interestMax: 30,
  linksMax: 5,
  linkLabelMax: 40,
  urlMax: 300,
  altMax: 200,
  skillsMax: 6,
  industriesMax: 5,
  expertiseMax: 8,
  startupNameMax: 80,
  builtSoFarMax: 280,
  hoursPerWeekMax: 80,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxSide: 8000,
  avatarMinSide: 64,
  bannerMinWidth: 400,
} as const;
