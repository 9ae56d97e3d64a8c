/**
 * What one founder looks for in a co-founder (CofounderPreferences), checked against
 * another founder: which criteria are must-haves that fail, and which nice-to-haves hold.
 */
import type { CofounderPreferences } from '../profiles/schemas';
import type { Commitment, EquityExpectation, FullTimeTiming, IdeaStage, Industry, Responsibility, Skill } from '../shared/profile-vocabulary';

/** A founder as matching reads them. */
export type MatchFounder = {
  userId: string;
  technical: boolean | null;
  skills: Skill[];
  commitment: Commitment | null;
  ideaStage: IdeaStage | null;
  industries: Industry[];
  cityId: number | null;
  /** The city's label, "Lagos, Nigeria". */
  city: string | null;
  openToRemote: boolean;
  lookingForCofounder: boolean;
  preferences: CofounderPreferences;
  /** The responsibilities they take on, and want a co-founder to take. */
  takesRoles: Responsibility[];
  wantsRoles: Responsibility[];
  equity: EquityExpectation | null;
  fullTime: FullTimeTiming | null;
};

export type Criterion = keyof CofounderPreferences;

/** Whether `other` meets one criterion of `self`'s preferences. */
export function meets(self: MatchFounder, other: MatchFounder, criterion: Criterion): boolean {
  const preferences = self.preferences;
  switch (criterion) {
    case 'technical':
      return other.technical !== null && other.technical === (preferences.technical?.value === 'technical');
    case 'skills':
      return other.skills.some((skill) => preferences.skills?.value.includes(skill));
    case 'commitment':
      return other.commitment === preferences.commitment?.value;
    case 'location': {
      const sameCity = self.cityId !== null && self.cityId === other.cityId;
      return preferences.location?.value === 'same-city' ? sameCity : sameCity || (self.openToRemote && other.openToRemote);
    }
    case 'industries':
      return other.industries.some((industry) => self.industries.includes(industry));
    case 'ideaStage':
      return other.ideaStage !== null && (preferences.ideaStage?.value.includes(other.ideaStage) ?? false);
  }
}

/** The criteria `self` marked with this importance. */
export function criteriaOf(self: MatchFounder, importance: 'must-have' | 'nice-to-have'): Criterion[] {
  return (Object.keys(self.preferences) as Criterion[]).filter((criterion) => self.preferences[criterion]?.importance === importance);
}

/** True when `other` meets every must-have of `self`. */
export function passesMustHaves(self: MatchFounder, other: MatchFounder): boolean {
  return criteriaOf(self, 'must-have').every((criterion) => meets(self, other, criterion));
}

/** The share (0–1) of `self`'s nice-to-haves that `other` meets; null when `self` has none. */
export function niceToHaveShare(self: MatchFounder, other: MatchFounder): number | null {
  const wanted = criteriaOf(self, 'nice-to-have');
  if (wanted.length === 0) return null;
  return wanted.filter((criterion) => meets(self, other, criterion)).length / wanted.length;
}
