/**
 * Telling both members of a new match, through the delivery door (notifications/deliver.ts).
 * `tellMatchLive` sends the live `match` event to the other member's open tabs the moment the
 * write returns (the one who clicked has the introduction in their answer); `announceMatch` then
 * opens the thread in both mailboxes, sends the `match.made` notification to each (stored, live,
 * pushed by their `connectionAccepted` preference) with its mail unless they turned that
 * preference off, and the connections counts. A failure after the write is logged: the match
 * stands.
 */
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { sendRequestCounts } from '../connections/live-events';
import { deliver, tellLive } from '../notifications/deliver';
import { channelFor } from '../push/preferences';
import { MATCH_MESSAGES as M } from '../shared/match-messages';
import type { Introduction } from './schemas';
import { ensureThread } from '../inbox/threads';
import type { MatchLiveEvents } from './live-events';
import { introductionPath, matchMail } from './match-mail';

type AnnounceDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'live' | 'notifications' | 'inbox' | 'mailer'>;

/** The notification (and mail) of a match to one member, about the other. */
async function tellMember(deps: AnnounceDeps, userId: string, intro: Introduction): Promise<void> {
  const notice = {
    userId,
    senderId: intro.member._id,
    kind: 'match.made' as const,
    title: M.matchTitle,
    body: `You and ${intro.member.name || 'a member'} are both interested. Say hello!`,
    link: introductionPath(intro._id),
    refId: intro._id,
  };
  const mailed = (await channelFor(deps, userId, 'connectionAccepted')) !== 'off';
  if (mailed) await deliver(deps, { ...notice, mail: matchMail(intro, deps.config.appUrl) });
  else await deliver(deps, notice);
}

/** Opens the pair's thread in both mailboxes, so each finds it in their inbox at once. */
async function openIntroductionThreads(deps: Pick<Deps, 'inbox' | 'clock'>, a: string, b: string): Promise<void> {
  await Promise.all([ensureThread(deps, a, b), ensureThread(deps, b, a)]);
}

/** The live `match` to the other member of the match `matchId` (`actorId` made it); never throws. */
export async function tellMatchLive(deps: Pick<Deps, 'live'>, match: { matchId: string; actorId: string; otherId: string }): Promise<void> {
  try {
    await tellLive(deps as Emits<MatchLiveEvents>, match.otherId, 'match', { _id: match.matchId, memberId: match.actorId });
  } catch (error) {
    console.error(`match ${match.matchId}: the live event failed`, error);
  }
}

/** Opens the thread and notifies both members of the match `matchId` (`actorId` made it); never throws. */
export async function announceMatch(deps: AnnounceDeps, match: { matchId: string; actorId: string; otherId: string; mine: Introduction; theirs: Introduction }): Promise<void> {
  const { actorId, otherId, mine, theirs } = match;
  try {
    await openIntroductionThreads(deps, actorId, otherId);
    await Promise.all([tellMember(deps, otherId, theirs), tellMember(deps, actorId, mine)]);
    await sendRequestCounts(deps as Parameters<typeof sendRequestCounts>[0], actorId, otherId);
  } catch (error) {
    console.error(`match ${match.matchId}: telling the members failed`, error);
  }
}
