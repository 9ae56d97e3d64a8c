import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDeps } from '../build-deps';
import { closeLiveSockets, joinedLiveSocket, recordingEmitter } from '../../test/live';
import { NEW_MESSAGE_TITLE } from '../shared/inbox-messages';
import { deleteMessage } from './delete';
import { threadMessages } from './read';
import { sendMessage } from './send';
import type { MessageForm } from './message-form';
import { connectedMembers } from './test-inbox';
import { inboxBinding } from './inbox-binding';
import { storedRows } from '../notifications/test-support';

afterEach(closeLiveSockets);

/** The domain functions with a recording live emitter. */
function recordingDeps() {
  const { emitter, sent } = recordingEmitter();
  return { deps: { ...buildDeps(env), live: emitter, media: env.MEDIA }, sent };
}

const text = (to: string, body: string, extra: Partial<MessageForm> = {}): MessageForm => ({ body, to, connectionId: undefined, replyTo: undefined, media: [], ...extra });

describe('the live events of the inbox', () => {
  it('sends the recipient "New Message" with the thread as they see it and the stored notification, and the sender’s tabs the thread', async () => {
    const { a, b } = await connectedMembers();
    const { deps, sent } = recordingDeps();
    // The recipient's notifications object sends their event to their live object itself: a real socket hears it.
    const socket = await joinedLiveSocket(b);
    const answer = await sendMessage(deps, a.user.id, text(b.user.id, 'Are you free on Friday?'));
    expect(sent.map((event) => [event.userId, event.event])).toEqual([[a.user.id, 'thread']]);
    const frame = await socket.next((line) => line.startsWith('42["notification"'));
    const toRecipient = (JSON.parse(frame.slice(2)) as [string, unknown])[1] as any;
    expect(toRecipient).toMatchObject({
      title: NEW_MESSAGE_TITLE,
      userSender: { _id: a.user.id },
      body: { _id: answer.thread._id, unreadCount: 1, receiver: { _id: a.user.id }, latestMessage: { _id: answer.message._id, read: false } },
      notification: { kind: 'message.received', title: 'New Message', body: 'Are you free on Friday?', link: `/inbox?personalInbox=${answer.thread._id}`, isSeen: false },
    });
    // The event carries the row as the recipient's object stored it.
    const [received] = (await storedRows(b.user.id)).filter((row) => row.kind === 'message.received');
    expect(toRecipient.notification).toMatchObject({ _id: received!.id, createdAt: received!.created_at, body: received!.body });
    // The message is stored (in the sender's mailbox, and its copy in the recipient's) before the event goes out.
    for (const member of [a, b]) expect((await inboxBinding(env.INBOX_STORE).of(member.user.id).message(answer.message._id))?.body).toBe('Are you free on Friday?');
    const toSender = sent.find((event) => event.userId === a.user.id)!.payload as any;
    expect(toSender.thread).toMatchObject({ _id: answer.thread._id, unreadCount: 0, receiver: { _id: b.user.id } });
  });

  it('collapses the recipient’s unseen message notifications about one thread into one', async () => {
    const { a, b } = await connectedMembers();
    const { deps } = recordingDeps();
    await sendMessage(deps, a.user.id, text(b.user.id, 'first'));
    await sendMessage(deps, a.user.id, text(b.user.id, 'second'));
    const rows = (await storedRows(b.user.id)).filter((row) => row.kind === 'message.received');
    expect(rows.map((row) => ({ body: row.body }))).toEqual([{ body: 'second' }]);
  });

  it('tells the reader’s tabs the new unread counts and the sender that it was read when a thread is opened; nothing when nothing was unread', async () => {
    const { a, b } = await connectedMembers();
    const { deps, sent } = recordingDeps();
    const { thread } = await sendMessage(deps, a.user.id, text(b.user.id, 'read me'));
    const unseen = async () => ({ n: (await storedRows(b.user.id)).filter((row) => row.kind === 'message.received' && !row.is_seen).length });
    expect((await unseen())?.n).toBe(1);
    sent.length = 0;
    await threadMessages(deps, b.user.id, thread._id, { limit: 30 });
    // Reading the messages is seeing their notification: both badges drop together.
    expect((await unseen())?.n).toBe(0);
    const others = { n: (await storedRows(b.user.id)).filter((row) => !row.is_seen).length };
    expect(sent).toEqual([
      { userId: b.user.id, event: 'counts', payload: { unseenMessages: 0, unseenNotifications: others!.n } },
      { userId: a.user.id, event: 'read', payload: { connectionId: thread._id, readBy: b.user.id } },
    ]);
    sent.length = 0;
    await threadMessages(deps, b.user.id, thread._id, { limit: 30 });
    expect(sent).toEqual([]);
  });

  it('tells both members’ windows which message was deleted, and the notification stops quoting it', async () => {
    const { a, b } = await connectedMembers();
    const { deps, sent } = recordingDeps();
    const { message, thread } = await sendMessage(deps, a.user.id, text(b.user.id, 'a secret I regret'));
    sent.length = 0;
    await deleteMessage(deps, a.user.id, message._id);
    expect(sent.map((event) => [event.userId, event.event, (event.payload as any).removedMessageId, (event.payload as any).thread._id])).toEqual(
      expect.arrayContaining([
        [a.user.id, 'thread', message._id, thread._id],
        [b.user.id, 'thread', message._id, thread._id],
      ]),
    );
    const notification = (await storedRows(b.user.id)).find((row) => row.kind === 'message.received');
    expect(notification?.body).toBe('This message was deleted');
  });
});
