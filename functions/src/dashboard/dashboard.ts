/**
 * GET /dashboard (docs/product.md#the-dashboard): what waits for the member, card by card,
 * in two lines at once: the profile views from the member's object (then their cards), and
 * one D1 batch (requests, sessions, connections' posts, the members to leave out, matches) followed
 * by the unread threads from the member's mailbox without those members and the cards of
 * the few shown.
 * Who is interested in the member is a third line (introductions/interest-queue.ts).
 * Completeness comes from the account the session already read.
 */
import type { Deps } from '../deps';
import { runBatch } from '../db/batch';
import { memberCards, toMemberCard, type MemberCardRow } from '../members/cards';
import { profileViews } from '../profiles/views';
import type { Account } from '../users/wire';
import { profileCompleteness, type ProfileFacts } from './completeness';
import type { Dashboard } from './schemas';
import { waitingFor } from '../introductions/interest-queue';
import { accountIsPremium } from '../premium/entitlements';
import { CARD_ROWS, hiddenStatement, matchesStatement, postsStatement, requestsStatement, sessionsStatement } from './statements';

type RequestRow = MemberCardRow & { total: number; r_id: string | null; r_note: string | null; r_created: string };
type SessionRow = MemberCardRow & {
  total: number;
  waiting: number;
  s_id: string | null;
  s_role: 'host' | 'guest';
  s_start: number;
  s_end: number;
  s_status: 'requested' | 'confirmed';
  s_topic: string;
};
type MatchCardRow = MemberCardRow & { total: number; m_match: string | null; m_created: string };
type PostRow = MemberCardRow & { p_id: string; p_slug: string; p_text: string; p_created: string };

/** The first `max` characters of a text on one line, cut at a word with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The profile facts completeness weighs, from the account's own profile row. */
export function profileFacts(account: Account): ProfileFacts | null {
  if (!account.user.onboarded) return null;
  if (account.founder) {
    const f = account.founder;
    return {
      picture: f.profilePictureUrl,
      tagline: f.tagline,
      bio: f.bio,
      city: f.cityId,
      links: f.links.length,
      industries: f.industries.length,
      strengths: f.skills.length,
      stage: f.ideaStage,
      offer: f.commitment,
    };
  }
  if (account.advisor) {
    const a = account.advisor;
    const experienced = a.yearsExperience !== null || (a.experience ?? '').trim() !== '';
    return {
      picture: a.profilePictureUrl,
      tagline: a.position,
      bio: a.bio,
      city: a.cityId,
      links: a.links.length,
      industries: a.industries.length,
      strengths: a.expertise.length,
      stage: experienced ? 'yes' : null,
      offer: a.helpTypes.length,
    };
  }
  return null;
}

/** The member's dashboard. */
export async function dashboardOf(deps: Pick<Deps, 'db' | 'clock' | 'inbox' | 'profileViews'>, account: Account): Promise<Dashboard> {
  const viewerId = account.user.id;
  const now = deps.clock.now().getTime();
  const premium = accountIsPremium(account);
  const batch = runBatch(deps.db, [
    requestsStatement(viewerId),
    sessionsStatement(viewerId, now),
    postsStatement(viewerId, now),
    hiddenStatement(viewerId),
    matchesStatement(viewerId),
  ]);
  // The mailbox needs only the batch's members to leave out, so it is asked as soon as they
  // are known, while the profile views (an object read, then their cards) may still be on the way.
  const threads = batch.then(async ([, , , hidden]) => {
    const hiddenIds = new Set((hidden!.results as { id: string }[]).map((row) => row.id));
    const unread = await deps.inbox.of(viewerId).list('unread', CARD_ROWS, 0, [...hiddenIds]);
    const cards = await memberCards(
      deps,
      unread.rows.map((row) => row.other_id),
    );
    return { hiddenIds, unread, cards };
  });
  // Who is interested in the member: the count for everyone, the people for Premium (docs/decisions.md "Who is interested in you").
  const interest = waitingFor(deps, viewerId, new Date(now).toISOString(), premium ? CARD_ROWS : 0).then(async (waiting) => ({
    waiting,
    cards: await memberCards(
      deps,
      waiting.rows.map((row) => row.id),
    ),
  }));
  const [[requests, sessions, posts, , matches], views, { hiddenIds, unread, cards: threadCards }, { waiting, cards: interestCards }] = await Promise.all([
    batch,
    profileViews(deps, account, CARD_ROWS),
    threads,
    interest,
  ]);

  const requestRows = requests!.results as RequestRow[];
  const sessionRows = sessions!.results as SessionRow[];
  const matchRows = matches!.results as MatchCardRow[];
  return {
    requests: {
      total: Number(requestRows[0]?.total ?? 0),
      data: requestRows.filter((row) => row.r_id !== null).map((row) => ({ _id: row.r_id!, member: toMemberCard(row), note: row.r_note, createdAt: row.r_created })),
    },
    messages: {
      total: unread.total,
      data: unread.rows.flatMap((row) => {
        const member = threadCards.get(row.other_id);
        if (!member) return [];
        const preview = row.msg_deleted || !row.msg_body ? '' : excerpt(row.msg_body, 120);
        return [{ _id: row.t_id, member, unreadCount: row.t_unread, preview, updatedAt: row.t_updated }];
      }),
    },
    sessions: {
      total: Number(sessionRows[0]?.total ?? 0),
      toApprove: Number(sessionRows[0]?.waiting ?? 0),
      data: sessionRows
        .filter((row) => row.s_id !== null)
        .map((row) => ({
          _id: row.s_id!,
          role: row.s_role,
          member: toMemberCard(row),
          start: new Date(row.s_start).toISOString(),
          end: new Date(row.s_end).toISOString(),
          status: row.s_status,
          topic: row.s_topic,
        })),
    },
    views: {
      total: views.total,
      locked: views.locked,
      premium: views.premium,
      data: views.data.filter((view) => !view.member || !hiddenIds.has(view.member._id)),
    },
    introductions: {
      interested: waiting.total,
      locked: premium ? 0 : waiting.total,
      people: waiting.rows.flatMap((row) => {
        const member = interestCards.get(row.id);
        return member ? [{ member, interestedAt: row.at }] : [];
      }),
      matches: Number(matchRows[0]?.total ?? 0),
      data: matchRows.filter((row) => row.m_match !== null).map((row) => ({ _id: row.m_match!, member: toMemberCard(row), createdAt: row.m_created })),
    },
    profile: profileCompleteness(account.user.memberType, profileFacts(account)),
    posts: {
      data: (posts!.results as PostRow[]).map((row) => ({
        _id: row.p_id,
        slug: row.p_slug,
        author: toMemberCard(row),
        excerpt: excerpt(row.p_text, 160),
        createdAt: row.p_created,
      })),
    },
  };
}
