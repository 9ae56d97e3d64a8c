/**
 * Adds the demo inbox once, to a fresh demo database or to one seeded before it existed:
 * the demo member's conversations with her three connections (an unread one, a long one
 * with a reply that quotes, one she wrote last) and one with a member she is no longer
 * connected to (history, read only). Each conversation goes into both members' mailboxes
 * (inbox/inbox-object.ts), which count the unread messages and pick the previews from the rows;
 * D1 gets the `unread_threads` rows the send path would have written.
 *
 * The marker is written last, with those rows: a call that stopped halfway leaves no marker,
 * and the next call does it all again harmlessly, since the ids are derived from the pair
 * (the thread's as the send path derives it, the messages' from it) and a mailbox keeps the
 * first copy of a message id it is given. So a second call, or two at once, leave one copy.
 */
import { idFrom } from '../db/ids';
import { inArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { MailboxImport } from '../ports/inbox';
import { appMeta, users } from '../db/schema';
import { runBatch, type BatchStatement } from '../db/batch';
import { threadIdOf } from '../inbox/threads';
import { DEMO_MEMBERS } from './demo-data';
import { hasMarker } from './markers';

export const INBOX_SEEDED_KEY = 'demo_inbox_seeded';

const DEMO = DEMO_MEMBERS[0]!.email;

type DemoMessage = { from: 'me' | 'them'; text: string; minutesAgo: number; read?: boolean; quotes?: number };
type DemoThread = { with: string; messages: DemoMessage[] };

/** Oldest message first; `quotes` is the index of the message a reply answers. */
const DEMO_THREADS: DemoThread[] = [
  {
    with: 'priya.raman@foundermesh.dev',
    messages: [
      { from: 'me', text: 'Priya! Loved the Fernwork demo at the meetup. How are you finding pilots with co-ops?', minutesAgo: 60 * 50, read: true },
      { from: 'them', text: 'Slow but real. Two co-ops signed letters of intent last week.', minutesAgo: 60 * 49, read: true },
      { from: 'them', text: 'Are you around Thursday for a coffee? I would love your take on our onboarding flow.', minutesAgo: 35 },
      { from: 'them', text: 'Happy to come to your side of town.', minutesAgo: 34 },
    ],
  },
  {
    with: 'helen.park@foundermesh.dev',
    messages: [
      { from: 'them', text: 'Thanks for connecting, Maya. What does Loop charge today?', minutesAgo: 60 * 24 * 6, read: true },
      { from: 'me', text: '$49 per clinic per month, flat. Clinics with 3+ practitioners say it is too cheap to trust.', minutesAgo: 60 * 24 * 6 - 20, read: true },
      { from: 'them', text: 'That is a classic signal. Try per-practitioner pricing with a floor: $29 per seat, minimum $79.', minutesAgo: 60 * 24 * 5, read: true },
      { from: 'me', text: 'Ran it with five clinics: four accepted without pushback.', minutesAgo: 60 * 24 * 2, read: true, quotes: 2 },
      { from: 'them', text: 'Then ship it. And write the old price down somewhere: you will want it for the story later.', minutesAgo: 60 * 24 * 2 - 45, read: true },
      { from: 'me', text: 'Will do. Thank you, Helen!', minutesAgo: 60 * 24 * 2 - 40, read: true },
    ],
  },
  {
    with: 'david.mensah@foundermesh.dev',
    messages: [
      { from: 'me', text: 'Hi David, sending over our seed deck ahead of next week. No rush at all.', minutesAgo: 60 * 5, read: true },
      { from: 'them', text: 'Got it. First read: strong retention slide. Can you share churn by clinic size?', minutesAgo: 60 * 3 },
    ],
  },
  {
    with: 'sofia.alvarez@foundermesh.dev',
    messages: [
      { from: 'them', text: 'Hi Maya, are you still looking for a technical co-founder?', minutesAgo: 60 * 24 * 30, read: true },
      { from: 'me', text: 'Not anymore, but thank you for reaching out. Good luck with the search!', minutesAgo: 60 * 24 * 29, read: true },
    ],
  },
];

const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/** The id of a demo thread's `index`th message: the same on every call (24 hex characters, as every id). */
function messageIdOf(threadId: string, index: number): Promise<string> {
  return idFrom(`demo-inbox:${threadId}:${index}`);
}

/** One demo conversation as both mailboxes take it. */
type SeededThread = { themId: string; rows: MailboxImport };

async function seededThread(demoThread: DemoThread, meId: string, themId: string, now: Date): Promise<SeededThread> {
  const threadId = await threadIdOf(meId, themId);
  const ids = await Promise.all(demoThread.messages.map((_, index) => messageIdOf(threadId, index)));
  return {
    themId,
    rows: {
      threads: [{ id: threadId, other_id: themId, created_at: ago(now, demoThread.messages[0]!.minutesAgo) }],
      messages: demoThread.messages.map((message, index) => {
        const [author, to] = message.from === 'me' ? [meId, themId] : [themId, meId];
        const replyTo = message.quotes === undefined ? null : ids[message.quotes]!;
        return {
          id: ids[index]!,
          thread_id: threadId,
          author_id: author,
          to_id: to,
          body: message.text,
          reply_to_id: replyTo,
          read: message.read ? 1 : 0,
          created_at: ago(now, message.minutesAgo),
        };
      }),
    },
  };
}

/**
 * Whether the demo member already talks with a demo member by hand: the pair's thread has
 * messages and not the seed's first one (a call that stopped halfway left the seed's).
 */
async function talksAlready(deps: Pick<Deps, 'inbox'>, meId: string, threads: SeededThread[]): Promise<boolean> {
  const box = deps.inbox.of(meId);
  const found = await Promise.all(
    threads.map(async ({ themId, rows }) => {
      const thread = await box.threadWith(themId);
      return thread?.has_history === 1 && !(await box.hasMessage(thread.id, rows.messages[0]!.id));
    }),
  );
  return found.includes(true);
}

/**
 * The `unread_threads` row of each member of the thread with messages unread, since the first
 * of them as their mailbox holds it (an earlier, stopped call's times, if it stored them).
 */
async function unreadMarks(deps: Pick<Deps, 'inbox'>, threads: SeededThread[]): Promise<BatchStatement[]> {
  const sides = threads.flatMap(({ rows }) => {
    const threadId = rows.threads[0]!.id;
    const authors = [...new Set(rows.messages.filter((message) => !message.read).map((message) => message.author_id))];
    return authors.map((senderId) => ({ threadId, senderId, readerId: rows.messages.find((message) => message.author_id === senderId)!.to_id }));
  });
  const marks = await Promise.all(
    sides.map(async ({ threadId, senderId, readerId }) => {
      const { rows } = await deps.inbox.of(readerId).messages(threadId, null, 100, null);
      const [since] = rows
        .filter((message) => message.msg_to === readerId && message.msg_read === 0)
        .map((message) => message.msg_created)
        .sort();
      // None left: the member read the thread meanwhile (and the read removed any row).
      return since ? [sql`INSERT INTO unread_threads (user_id, thread_id, sender_id, since) VALUES (${readerId}, ${threadId}, ${senderId}, ${since}) ON CONFLICT DO NOTHING`] : [];
    }),
  );
  return marks.flat();
}

/** Seeds the demo inbox unless its marker is present, the demo members were changed by hand, or a demo pair already talks. */
export async function seedMissingInbox(deps: Pick<Deps, 'db' | 'clock' | 'inbox'>): Promise<void> {
  if (await hasMarker(deps, INBOX_SEEDED_KEY)) return;
  const emails = [DEMO, ...DEMO_THREADS.map((thread) => thread.with)];
  const found = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  if (found.length !== emails.length) return;
  const idOf = new Map(found.map((row) => [row.email, row.id]));
  const meId = idOf.get(DEMO)!;
  const now = deps.clock.now();
  const threads = await Promise.all(DEMO_THREADS.map((thread) => seededThread(thread, meId, idOf.get(thread.with)!, now)));
  if (await talksAlready(deps, meId, threads)) return;
  // The demo member's mailbox holds every conversation; each other member's, theirs.
  await deps.inbox.of(meId).importRows({ threads: threads.flatMap(({ rows }) => rows.threads), messages: threads.flatMap(({ rows }) => rows.messages) });
  await Promise.all(
    threads.map(({ themId, rows }) => deps.inbox.of(themId).importRows({ threads: rows.threads.map((thread) => ({ ...thread, other_id: meId })), messages: rows.messages })),
  );
  await runBatch(deps.db, [...(await unreadMarks(deps, threads)), deps.db.insert(appMeta).values({ key: INBOX_SEEDED_KEY, value: now.toISOString() }).onConflictDoNothing()]);
}
