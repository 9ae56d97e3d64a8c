/**
 * The words of the profile routes, in one place for the services, routes and tests.
 */
export const PROFILE_MESSAGES = {
  profileNotFound: 'Profile not found',
  wrongMemberType: (memberType: string) => `This form is for the other member type: your account is ${memberType === 'advisor' ? 'an advisor' : 'a founder'} account.`,
  onboardFirst: 'Complete onboarding first.',
  unknownCity: 'must be a city from the list',
  draftTooLarge: (kilobytes: number) => `must be at most ${kilobytes} KB`,
  multipartOnly: 'The request body must be sent as multipart/form-data.',
} as const;
