import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { DEMO_PASSWORD } from './demo-data';

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
});
