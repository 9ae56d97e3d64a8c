/**
 * Adds the demo inbox once, to a fresh demo database or to one seeded before it existed:
 * the demo member's conversations with her three connections (an unread one, a long one
 * with a reply that quotes, one she wrote last) and one with a member she is no longer
 * connected to (history, read only). Unread counts and previews are computed from the
 * rows. One batch, marker first, so a second call or a race leaves exactly one copy.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { appMeta, threads, users } from '../db/schema';
import { pairKey } from '../connections/repository';
import { runBatch, type BatchStatement } from '../db/batch';
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

/** The statements of one demo thread between the demo member and another member. */
function threadStatements(demoThread: DemoThread, meId: string, themId: string, now: Date): BatchStatement[] {
  const threadId = newId();
  const ids = demoThread.messages.map(() => newId());
  const last = demoThread.messages.at(-1)!;
  const lastAt = ago(now, last.minutesAgo);
  const unread = (who: 'me' | 'them') => demoThread.messages.filter((m) => m.from !== who && !m.read).length;
  const statements: BatchStatement[] = [
    sql`INSERT INTO threads (id, pair_key, last_message_id, created_at, updated_at)
      VALUES (${threadId}, ${pairKey(meId, themId)}, NULL, ${ago(now, demoThread.messages[0]!.minutesAgo)}, ${lastAt})`,
    sql`INSERT INTO thread_members (thread_id, user_id, other_id, unread_count, last_message_at)
      VALUES (${threadId}, ${meId}, ${themId}, ${unread('me')}, ${lastAt}), (${threadId}, ${themId}, ${meId}, ${unread('them')}, ${lastAt})`,
  ];
  demoThread.messages.forEach((message, index) => {
    const [author, to] = message.from === 'me' ? [meId, themId] : [themId, meId];
    const replyTo = message.quotes === undefined ? null : ids[message.quotes]!;
    statements.push(sql`INSERT INTO messages (id, thread_id, author_id, to_id, body, reply_to_id, read, deleted_at, created_at)
      VALUES (${ids[index]!}, ${threadId}, ${author}, ${to}, ${message.text}, ${replyTo}, ${message.read ? 1 : 0}, NULL, ${ago(now, message.minutesAgo)})`);
  });
  statements.push(sql`UPDATE threads SET last_message_id = ${ids.at(-1)!} WHERE id = ${threadId}`);
  return statements;
}

/** Seeds the demo inbox unless its marker is present, the demo members were changed by hand, or a demo pair already talks. */
export async function seedMissingInbox(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const marker = () => hasMarker(deps, INBOX_SEEDED_KEY);
  if (await marker()) return;
  const emails = [DEMO, ...DEMO_THREADS.map((thread) => thread.with)];
  const found = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  if (found.length !== emails.length) return;
  const idOf = new Map(found.map((row) => [row.email, row.id]));
  const meId = idOf.get(DEMO)!;
  const pairs = DEMO_THREADS.map((thread) => pairKey(meId, idOf.get(thread.with)!));
  if ((await deps.db.select({ id: threads.id }).from(threads).where(inArray(threads.pairKey, pairs)).limit(1)).length > 0) return;
  const now = deps.clock.now();
  try {
    await runBatch(deps.db, [
      deps.db.insert(appMeta).values({ key: INBOX_SEEDED_KEY, value: now.toISOString() }),
      ...DEMO_THREADS.flatMap((thread) => threadStatements(thread, meId, idOf.get(thread.with)!, now)),
    ]);
  } catch (error) {
    if (!(await marker())) throw error; // (a racing seed wrote the marker first: nothing to do)
  }
}
