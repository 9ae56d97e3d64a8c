/**
 * What the profile forms hold while a member types: plain values the controls edit
 * (strings, key lists, booleans), one shape per member type. The same values are the
 * onboarding draft (JSON), are filled from a saved profile, and become the multipart body.
 */
import type { AdvisorDetails, CofounderPreferences, FounderDetails, ProfileDetails } from '@api/profiles/schemas';
import type {
  Commitment,
  Engagement,
  EquityExpectation,
  Expertise,
  FullTimeTiming,
  HelpStage,
  HelpType,
  IdeaStage,
  Importance,
  Industry,
  Responsibility,
  Skill,
} from '@api/shared/profile-vocabulary';

export interface LinkValue {
  label: string;
  url: string;
}

/** A chosen city: its id in the data set and the label members read ('Lagos, Nigeria'). */
export interface CityValue {
  id: number;
  label: string;
}

/** One co-founder criterion as the form edits it: a value (when it has one) and how much it matters. */
export interface CofounderPreferencesForm {
  technical: { value: '' | 'technical' | 'non-technical'; importance: Importance };
  skills: { value: Skill[]; importance: Importance };
  commitment: { value: '' | Commitment; importance: Importance };
  location: { value: '' | 'same-city' | 'remote-ok'; importance: Importance };
  industries: { importance: Importance };
  ideaStage: { value: IdeaStage[]; importance: Importance };
}

export type PreferenceKey = keyof CofounderPreferencesForm;
export const PREFERENCE_KEYS: readonly PreferenceKey[] = ['technical', 'skills', 'commitment', 'location', 'industries', 'ideaStage'];

/** Fields both member types share. */
interface CommonForm {
  city: CityValue | null;
  openToRemote: boolean;
  links: LinkValue[];
  industries: Industry[];
  bio: string;
  profilePictureAlt: string;
  profileBannerAlt: string;
}

export interface FounderForm extends CommonForm {
  memberType: 'founder';
  firstName: string;
  lastName: string;
  tagline: string;
  /** '' until the member answers. */
  technical: '' | 'yes' | 'no';
  skills: Skill[];
  commitment: '' | Commitment;
  ideaStage: '' | IdeaStage;
  interests: string[];
  lookingForCofounder: boolean;
  cofounderPreferences: CofounderPreferencesForm;
  startupName: string;
  startupWebsite: string;
  builtSoFar: string;
  takesRoles: Responsibility[];
  wantsRoles: Responsibility[];
  equity: '' | EquityExpectation;
  fullTime: '' | FullTimeTiming;
  /** Kept as typed; validated before sending. */
  hoursPerWeek: string;
}

export interface AdvisorForm extends CommonForm {
  memberType: 'advisor';
  name: string;
  position: string;
  expertise: Expertise[];
  /** Kept as typed, so a half-typed number is not lost; validated before sending. */
  yearsExperience: string;
  experience: string;
  helpTypes: HelpType[];
  engagements: Engagement[];
  helpStages: HelpStage[];
}

export type ProfileForm = FounderForm | AdvisorForm;

/** Every criterion at "Don't care": what a founder who said nothing looks for. */
export function emptyPreferences(): CofounderPreferencesForm {
  return {
    technical: { value: '', importance: 'dont-care' },
    skills: { value: [], importance: 'dont-care' },
    commitment: { value: '', importance: 'dont-care' },
    location: { value: '', importance: 'dont-care' },
    industries: { importance: 'dont-care' },
    ideaStage: { value: [], importance: 'dont-care' },
  };
}

const commonFrom = (profile: FounderDetails | AdvisorDetails): CommonForm => ({
  city: profile.city ? { id: profile.city.id, label: profile.city.label } : null,
  openToRemote: profile.openToRemote,
  links: profile.links.map((link) => ({ label: link.label, url: link.url })),
  industries: [...profile.industries],
  bio: profile.bio ?? '',
  profilePictureAlt: profile.profilePicture?.alt ?? '',
  profileBannerAlt: profile.profileBanner?.alt ?? '',
});

/** The form's values for a saved co-founder preference set (missing criteria: Don't care). */
export function preferencesFormFrom(saved: CofounderPreferences | null | undefined): CofounderPreferencesForm {
  const form = emptyPreferences();
  if (!saved) return form;
  if (saved.technical) form.technical = { ...saved.technical };
  if (saved.skills) form.skills = { value: [...saved.skills.value], importance: saved.skills.importance };
  if (saved.commitment) form.commitment = { ...saved.commitment };
  if (saved.location) form.location = { ...saved.location };
  if (saved.industries) form.industries = { importance: saved.industries.importance };
  if (saved.ideaStage) form.ideaStage = { value: [...saved.ideaStage.value], importance: saved.ideaStage.importance };
  return form;
}

/** The form filled from a saved founder profile. */
export function founderFormFrom(profile: FounderDetails): FounderForm {
  return {
    memberType: 'founder',
    ...commonFrom(profile),
    firstName: profile.firstName,
    lastName: profile.lastName,
    tagline: profile.tagline ?? '',
    technical: profile.technical === null ? '' : profile.technical ? 'yes' : 'no',
    skills: [...profile.skills],
    commitment: profile.commitment ?? '',
    ideaStage: profile.ideaStage ?? '',
    interests: [...profile.interests],
    lookingForCofounder: profile.lookingForCofounder,
    cofounderPreferences: preferencesFormFrom(profile.cofounderPreferences),
    startupName: profile.startupName ?? '',
    startupWebsite: profile.startupWebsite ?? '',
    builtSoFar: profile.builtSoFar ?? '',
    takesRoles: [...profile.takesRoles],
    wantsRoles: [...profile.wantsRoles],
    equity: profile.equity ?? '',
    fullTime: profile.fullTime ?? '',
    hoursPerWeek: profile.hoursPerWeek === null ? '' : String(profile.hoursPerWeek),
  };
}

/** The form filled from a saved advisor profile. */
export function advisorFormFrom(profile: AdvisorDetails): AdvisorForm {
  return {
    memberType: 'advisor',
    ...commonFrom(profile),
    name: profile.name,
    position: profile.position ?? '',
    expertise: [...profile.expertise],
    yearsExperience: profile.yearsExperience === null ? '' : String(profile.yearsExperience),
    experience: profile.experience ?? '',
    helpTypes: [...profile.helpTypes],
    engagements: [...profile.engagements],
    helpStages: [...profile.helpStages],
  };
}

/** The form for any saved profile. */
export function formFromProfile(profile: ProfileDetails): ProfileForm {
  return profile.memberType === 'founder' ? founderFormFrom(profile) : advisorFormFrom(profile);
}

/** The saved preferences a form stands for: criteria at "Don't care" are left out. */
export function preferencesFromForm(form: CofounderPreferencesForm): CofounderPreferences {
  const prefs: CofounderPreferences = {};
  const { technical, skills, commitment, location, industries, ideaStage } = form;
  if (technical.importance !== 'dont-care' && technical.value) prefs.technical = { value: technical.value, importance: technical.importance };
  if (skills.importance !== 'dont-care' && skills.value.length > 0) prefs.skills = { value: [...skills.value], importance: skills.importance };
  if (commitment.importance !== 'dont-care' && commitment.value) prefs.commitment = { value: commitment.value, importance: commitment.importance };
  if (location.importance !== 'dont-care' && location.value) prefs.location = { value: location.value, importance: location.importance };
  if (industries.importance !== 'dont-care') prefs.industries = { importance: industries.importance };
  if (ideaStage.importance !== 'dont-care' && ideaStage.value.length > 0) prefs.ideaStage = { value: [...ideaStage.value], importance: ideaStage.importance };
  return prefs;
}
