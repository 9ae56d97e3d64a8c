/**
 * Writing polls: checking when one closes, the statements that add one to a post, and
 * what an edit may do to a poll (once it has votes, its options no longer change).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { feedPollOptions, feedPolls } from '../db/schema';
import { fieldError, invalidFields } from '../errors';
import { POLL_MAX_DAYS } from '../shared/feed-limits';
import { FEED_MESSAGES as M } from './messages';
import type { Poll, PollInput } from './schemas';

/** Checks the closing time: in the future and at most POLL_MAX_DAYS away (400 on poll.closesAt). */
export function assertClosesAt(closesAt: string | null | undefined, now: Date): void {
  if (!closesAt) return;
  const at = Date.parse(closesAt);
  if (at <= now.getTime()) throw invalidFields({ 'poll.closesAt': 'must be in the future' });
  if (at > now.getTime() + POLL_MAX_DAYS * 86_400_000) throw invalidFields({ 'poll.closesAt': `must be within ${POLL_MAX_DAYS} days` });
}

/** The statements adding a poll with its options to a post. */
export function insertPollStatements(deps: Pick<Deps, 'db'>, postId: string, poll: PollInput, at: string) {
  const pollId = newId();
  return [
    deps.db.insert(feedPolls).values({ id: pollId, postId, question: poll.question || null, closesAt: normalTime(poll.closesAt), createdAt: at }),
    deps.db.insert(feedPollOptions).values(poll.options.map((label, position) => ({ id: newId(), pollId, position, label }))),
  ] as const;
}

const normalTime = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

const sameOptions = (current: Poll, input: PollInput) => current.options.length === input.options.length && current.options.every((option, i) => option.label === input.options[i]);

/**
 * The statements an edit makes to the poll: none when the field was left out; a poll
 * with votes may change its question and closing time but not lose or change options
 * (409). Checks a changed closing time against the clock.
 */
export function editPollStatements(deps: Pick<Deps, 'db' | 'clock'>, postId: string, current: Poll | null, input: PollInput | null | undefined, at: string) {
  if (input === undefined) return [];
  const hasVotes = (current?.totalVotes ?? 0) > 0;
  if (input === null) {
    if (hasVotes) throw fieldError(409, M.pollHasVotes, { poll: M.pollHasVotes });
    return current ? [sql`DELETE FROM feed_polls WHERE post_id = ${postId}`] : [];
  }
  if (normalTime(input.closesAt) !== current?.closesAt) assertClosesAt(input.closesAt, deps.clock.now());
  if (current && sameOptions(current, input)) {
    return [sql`UPDATE feed_polls SET question = ${input.question || null}, closes_at = ${normalTime(input.closesAt)} WHERE id = ${current._id}`];
  }
  if (hasVotes) throw fieldError(409, M.pollHasVotes, { 'poll.options': M.pollHasVotes });
  return [...(current ? [sql`DELETE FROM feed_polls WHERE post_id = ${postId}`] : []), ...insertPollStatements(deps, postId, input, at)];
}
