/** Suggestions for the matching tests: a member per id with a score. */
import type { Paged } from '@api/db/paging';
import type { Match } from '@api/profiles/schemas';

/** A suggestion of the member `id` (24 hex characters are not needed by the deck). */
export function match(id: string, score = 80): Match {
  return {
    member: {
      _id: id,
      memberType: 'founder',
      name: `Member ${id}`,
      tagline: null,
      slug: `member-${id}`,
      avatar: null,
      banner: null,
      profileId: `p-${id}`,
      premium: false,
      city: null,
      openToRemote: true,
      skills: [],
      industries: [],
      technical: null,
      commitment: null,
      ideaStage: null,
      lookingForCofounder: true,
      helpTypes: [],
      startupName: null,
      takesRoles: [],
      wantsRoles: [],
      fullTime: null,
      engagements: [],
      helpStages: [],
      joinedAt: '2026-01-01T00:00:00.000Z',
      saved: false,
    },
    score,
    reasons: [],
  };
}

/** One page of suggestions of the server's list `all` (ids), `limit` a page. */
export function pageOf(all: readonly string[], page: number, limit: number): Paged<Match> {
  const data = all.slice((page - 1) * limit, page * limit).map((id) => match(id));
  return { data, total: all.length, page, limit, pages: Math.max(1, Math.ceil(all.length / limit)) };
}
