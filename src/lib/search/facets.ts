/**
 * The filters of the two search screens, as one table per screen: which query parameters
 * they use (the same names in the app's address and in the API's query), what kind of
 * control each is, and the words members read. Values come from the profiles vocabulary,
 * so the screens offer exactly what the API accepts.
 */
import { COMMITMENTS, ENGAGEMENTS, EXPERTISE, FULL_TIME_TIMING, HELP_TYPES, IDEA_STAGES, INDUSTRIES, RESPONSIBILITIES, SKILLS } from '@api/shared/profile-vocabulary';

export type SearchKind = 'founder' | 'advisor';

type Options = Readonly<Record<string, string>>;

/**
 * - multi: checkboxes, any of the ticked values (the parameter is repeated);
 * - single: one value or none (radio buttons with an "any" choice);
 * - flag: a checkbox sending `true`.
 */
export type Facet =
  | { key: string; kind: 'multi'; legend: string; options: Options }
  | { key: string; kind: 'single'; legend: string; options: Options; anyLabel: string }
  | { key: string; kind: 'flag'; label: string };

/** The words a founder's technical filter offers (the API takes `technical=true|false`). */
const TECHNICAL_OPTIONS: Options = { true: 'Technical', false: 'Non-technical' };

const FOUNDER_FACETS: readonly Facet[] = [
  { key: 'skills', kind: 'multi', legend: 'Skills', options: SKILLS },
  { key: 'industries', kind: 'multi', legend: 'Industries', options: INDUSTRIES },
  { key: 'commitment', kind: 'single', legend: 'Commitment', options: COMMITMENTS, anyLabel: 'Any commitment' },
  { key: 'technical', kind: 'single', legend: 'Background', options: TECHNICAL_OPTIONS, anyLabel: 'Either' },
  { key: 'stage', kind: 'single', legend: 'Idea stage', options: IDEA_STAGES, anyLabel: 'Any stage' },
  { key: 'takes', kind: 'multi', legend: 'Responsibilities they take', options: RESPONSIBILITIES },
  { key: 'fulltime', kind: 'multi', legend: 'Full time', options: FULL_TIME_TIMING },
  { key: 'looking', kind: 'flag', label: 'Looking for a co-founder' },
  { key: 'remote', kind: 'flag', label: 'Open to remote' },
  { key: 'verified', kind: 'flag', label: 'Verified only' },
];

const ADVISOR_FACETS: readonly Facet[] = [
  { key: 'expertise', kind: 'multi', legend: 'Expertise', options: EXPERTISE },
  { key: 'help', kind: 'multi', legend: 'How they help', options: HELP_TYPES },
  { key: 'engage', kind: 'multi', legend: 'How they engage', options: ENGAGEMENTS },
  { key: 'industries', kind: 'multi', legend: 'Industries', options: INDUSTRIES },
  { key: 'remote', kind: 'flag', label: 'Open to remote' },
  { key: 'verified', kind: 'flag', label: 'Verified only' },
];

/** Everything that differs between the founder and the advisor search screens. */
export interface SearchScreen {
  kind: SearchKind;
  /** The screen's address. */
  path: string;
  /** Results per page (docs/product.md#search: 20 founders, 21 advisors). */
  limit: number;
  facets: readonly Facet[];
  noun: { one: string; many: string };
}

export const SEARCH_SCREENS: Readonly<Record<SearchKind, SearchScreen>> = {
  founder: {
    kind: 'founder',
    path: '/founders',
    limit: 20,
    facets: FOUNDER_FACETS,
    noun: { one: 'founder', many: 'founders' },
  },
  advisor: {
    kind: 'advisor',
    path: '/advisors',
    limit: 21,
    facets: ADVISOR_FACETS,
    noun: { one: 'advisor', many: 'advisors' },
  },
};

/** The longest text search the screens send (longer input is cut, never refused). */
export const QUERY_MAX = 100;
