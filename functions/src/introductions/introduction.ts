/**
 * An introduction: what each side of a match sees of it. The other member, why the two fit
 * (the scorer's reasons from the viewer's side), each side's key facts, the thread they
 * share (the same id for both: inbox/threads.ts) and a first message the viewer may edit
 * and send. Plain text throughout (the app escapes it).
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { matches, type MatchRowStored } from '../db/schema';
import { ApiError } from '../errors';
import { threadIdOf } from '../inbox/threads';
import type { ProfileSummary } from '../profiles/schemas';
import { profileSummaries } from '../search/summaries';
import { COMMITMENTS, EXPERTISE, HELP_TYPES, IDEA_STAGES, INDUSTRIES, SKILLS } from '../shared/profile-vocabulary';
import { MATCH_MESSAGES as M } from '../shared/match-messages';
import { loadMatchProfile } from '../matching/profiles';
import { matchScore } from '../matching/score';
import type { Introduction } from './schemas';

const labels = (vocabulary: Record<string, string>, keys: readonly string[]) => keys.flatMap((key) => (vocabulary[key] ? [vocabulary[key]] : []));

/** A member's key facts, a line each: what they do, how they work, where, and in what. */
export function keyFacts(member: ProfileSummary): string[] {
  const facts: string[] = [];
  if (member.tagline) facts.push(member.tagline);
  if (member.memberType === 'founder') {
    const role = [member.technical === null ? null : member.technical ? 'Technical' : 'Non-technical', member.commitment ? COMMITMENTS[member.commitment] : null];
    if (role.some(Boolean)) facts.push(role.filter(Boolean).join(', '));
    if (member.ideaStage) facts.push(`Stage: ${IDEA_STAGES[member.ideaStage]}`);
    if (member.skills.length > 0) facts.push(`Skills: ${labels(SKILLS, member.skills).join(', ')}`);
  } else {
    if (member.skills.length > 0) facts.push(`Helps with: ${labels(EXPERTISE, member.skills).join(', ')}`);
    if (member.helpTypes.length > 0) facts.push(`Offers: ${labels(HELP_TYPES, member.helpTypes).join(', ')}`);
  }
  if (member.industries.length > 0) facts.push(`Industries: ${labels(INDUSTRIES, member.industries).join(', ')}`);
  const where = [member.city, member.openToRemote ? 'open to remote' : null].filter(Boolean).join(', ');
  if (where) facts.push(where.charAt(0).toUpperCase() + where.slice(1));
  return facts;
}

const firstName = (member: ProfileSummary) => member.name.split(/\s+/)[0] || member.name;

/** A first message from `viewer` to `other`, built on what the two share. */
export function suggestedMessage(viewer: ProfileSummary, other: ProfileSummary, reasons: readonly string[]): string {
  const both = reasons.find((reason) => reason.startsWith('both '));
  const tagline = viewer.tagline?.trim().replace(/[.!?]+$/, '');
  const ask =
    viewer.memberType === 'founder' && other.memberType === 'founder'
      ? 'Would you be up for a 20-minute call this week to compare what we are building and how we like to work?'
      : 'Would you be up for a 20-minute call this week?';
  return [`Hi ${firstName(other)}, glad we matched!`, both ? `I saw we are ${both}.` : null, tagline ? `A little about me: ${tagline}.` : null, ask].filter(Boolean).join(' ');
}

/** The match if the viewer is one of its two members, else the 404 anyone else gets. */
export async function matchOf(deps: Pick<Deps, 'db'>, matchId: string, viewerId: string): Promise<MatchRowStored> {
  const [row] = await deps.db.select().from(matches).where(eq(matches.id, matchId));
  if (!row || (row.firstId !== viewerId && row.secondId !== viewerId)) throw new ApiError(404, M.introductionNotFound);
  return row;
}

/** The introduction of a match as `viewerId` sees it (404 when the other member is gone). */
export async function introductionFor(deps: Pick<Deps, 'db'>, row: MatchRowStored, viewerId: string): Promise<Introduction> {
  const otherId = row.firstId === viewerId ? row.secondId : row.firstId;
  const [summaries, viewerProfile, otherProfile, threadId] = await Promise.all([
    profileSummaries(deps, [viewerId, otherId], viewerId),
    loadMatchProfile(deps, viewerId),
    loadMatchProfile(deps, otherId),
    threadIdOf(viewerId, otherId),
  ]);
  const viewer = summaries.get(viewerId);
  const other = summaries.get(otherId);
  if (!viewer || !other) throw new ApiError(404, M.introductionNotFound);
  const reasons = viewerProfile && otherProfile ? (matchScore(viewerProfile, otherProfile)?.reasons ?? []) : [];
  return {
    _id: row.id,
    createdAt: row.createdAt,
    member: other,
    connectionId: row.connectionId,
    threadId,
    reasons,
    facts: { you: keyFacts(viewer), them: keyFacts(other) },
    suggestedMessage: suggestedMessage(viewer, other, reasons),
  };
}

/** Both sides' introductions of a newly made match, in the order of `viewerIds`. */
export async function introductionsOf(deps: Pick<Deps, 'db'>, matchId: string, viewerIds: readonly string[]): Promise<Introduction[]> {
  const [row] = await deps.db.all<MatchRowStored>(
    sql`SELECT id, pair_key AS pairKey, first_id AS firstId, second_id AS secondId, connection_id AS connectionId, created_at AS createdAt FROM matches WHERE id = ${matchId}`,
  );
  if (!row) throw new ApiError(404, M.introductionNotFound);
  return Promise.all(viewerIds.map((viewerId) => introductionFor(deps, row, viewerId)));
}
