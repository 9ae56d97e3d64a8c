import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { db } from '../db/client';
import { inboxBinding } from '../inbox/inbox-binding';
import { threadIdOf } from '../inbox/threads';
import { DEMO_PASSWORD } from './demo-data';
import { INBOX_SEEDED_KEY } from './seed-inbox';

const PARTNERS = ['priya.raman@foundermesh.dev', 'helen.park@foundermesh.dev', 'david.mensah@foundermesh.dev', 'sofia.alvarez@foundermesh.dev'];

describe('the demo inbox', () => {
  it('gives the demo member conversations: unread ones first, a reply that quotes, one read only', async () => {
    await post('/dev/seed');
    await post('/dev/seed'); // a second call adds nothing
    const { jwt } = await bodyOf(await post('/auth/user-login', { email: 'demo@foundermesh.dev', password: DEMO_PASSWORD }));
    const page = await bodyOf(await get('/connections?limit=20&page=1', { token: jwt }));
    const byName = new Map(page.data.map((thread: { receiver: { name: string } }) => [thread.receiver.name, thread]));
    expect([...byName.keys()].slice(0, 4)).toEqual(['Priya Raman', 'David Mensah', 'Helen Park', 'Sofía Álvarez']);
    expect(byName.get('Priya Raman')).toMatchObject({ unreadCount: 2, status: 'accepted', canWrite: true, latestMessage: { read: false } });
    expect(byName.get('Sofía Álvarez')).toMatchObject({ status: 'removed', canWrite: false, unreadCount: 0 });
    expect((await bodyOf(await get('/connections/messages/unseen-count', { token: jwt }))).count).toBeGreaterThanOrEqual(3);

    const helen = byName.get('Helen Park') as { _id: string };
    const thread = await bodyOf(await get(`/connections/${helen._id}`, { token: jwt }));
    const quoting = thread.messages.find((message: { replyTo: unknown }) => message.replyTo);
    expect(quoting.replyTo).toMatchObject({ authorName: 'Helen Park', body: expect.stringContaining('per-practitioner pricing') });
  }, 30_000); // the first seed hashes the demo passwords

  it('puts each conversation in both mailboxes under the pair’s thread id, marks the unread ones for the mail, and a repeat adds nothing', async () => {
    await post('/dev/seed');
    const users = await db(env).all<{ id: string; email: string }>(
      sql`SELECT id, email FROM users WHERE email IN (SELECT value FROM json_each(${JSON.stringify(['demo@foundermesh.dev', ...PARTNERS])}))`,
    );
    const idOf = new Map(users.map((user) => [user.email, user.id]));
    const demoId = idOf.get('demo@foundermesh.dev')!;
    const inbox = inboxBinding(env.INBOX_STORE);

    /** Each conversation as both mailboxes hold it, and the demo member's unread_threads rows. */
    async function state() {
      const threads = await Promise.all(
        PARTNERS.map(async (email) => {
          const partnerId = idOf.get(email)!;
          const threadId = await threadIdOf(demoId, partnerId);
          const [mine, theirs] = await Promise.all([inbox.of(demoId).thread(threadId, []), inbox.of(partnerId).thread(threadId, [])]);
          const [myMessages, theirMessages] = await Promise.all([inbox.of(demoId).messages(threadId, null, 100, null), inbox.of(partnerId).messages(threadId, null, 100, null)]);
          return { email, threadId, mine, theirs, myMessages: myMessages.rows, theirMessages: theirMessages.rows };
        }),
      );
      const marks = await db(env).all<{ thread_id: string; sender_id: string; since: string }>(
        sql`SELECT thread_id, sender_id, since FROM unread_threads WHERE user_id = ${demoId} ORDER BY since`,
      );
      return { threads, marks };
    }

    const before = await state();
    for (const thread of before.threads) {
      expect(thread.mine, thread.email).toMatchObject({ t_id: thread.threadId, other_id: idOf.get(thread.email) });
      expect(thread.theirs, thread.email).toMatchObject({ t_id: thread.threadId, other_id: demoId, t_unread: 0 });
      // The same messages, read as the demo data says, in both copies.
      expect(thread.theirMessages).toEqual(thread.myMessages);
    }
    const [priya, , david] = before.threads;
    expect(before.threads.map((thread) => thread.mine!.t_unread)).toEqual([2, 0, 1, 0]);
    // Priya's and David's threads have unread messages: their rows, since the first unread one.
    const firstUnread = (thread: typeof priya) => thread!.myMessages.filter((message) => message.msg_read === 0).at(-1)!.msg_created;
    expect(before.marks).toEqual(
      [
        { thread_id: priya!.threadId, sender_id: idOf.get(PARTNERS[0]!), since: firstUnread(priya) },
        { thread_id: david!.threadId, sender_id: idOf.get(PARTNERS[2]!), since: firstUnread(david) },
      ].sort((a, b) => a.since.localeCompare(b.since)),
    );

    // A call that stopped before its marker is done again later: same ids, so nothing doubles or moves.
    await db(env).run(sql`DELETE FROM app_meta WHERE key = ${INBOX_SEEDED_KEY}`);
    await post('/dev/seed');
    expect(await state()).toEqual(before);
    expect(await db(env).all(sql`SELECT key FROM app_meta WHERE key = ${INBOX_SEEDED_KEY}`)).toHaveLength(1);
  }, 30_000);
});
