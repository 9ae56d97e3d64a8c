import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, post, signedInMember } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { feedPosts } from '../db/schema';

/** A feed post by `authorId`, stored straight in D1. */
async function postBy(authorId: string): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  await db(env)
    .insert(feedPosts)
    .values({ id, slug: `post-${id}`, authorUserId: authorId, text: 'Hello', createdAt: at, updatedAt: at });
  return id;
}

const report = (token: string, body: unknown) => post('/reports', body, { token });

describe('POST /reports', () => {
  it('stores a report of a member and answers its id with status open', async () => {
    const [reporter, target] = await someMembers(2);
    const response = await report(reporter.jwt, { targetType: 'member', targetId: target.user.id, reason: 'spam', details: '  Sends the same pitch to everyone.  ' });
    expect(response.status).toBe(201);
    expect(await bodyOf(response)).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'open' });
  });

  it('stores a report of a post', async () => {
    const [reporter, author] = await someMembers(2);
    const response = await report(reporter.jwt, { targetType: 'post', targetId: await postBy(author.user.id), reason: 'inappropriate' });
    expect(response.status).toBe(201);
  });

  it('answers a repeat with the open report (200), even when both arrive at once', async () => {
    const [reporter, target] = await someMembers(2);
    const body = { targetType: 'member', targetId: target.user.id, reason: 'harassment' };
    const [first, second] = await Promise.all([report(reporter.jwt, body), report(reporter.jwt, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all([bodyOf(first), bodyOf(second)]);
    expect(a).toEqual(b);
    expect(await bodyOf(await report(reporter.jwt, { ...body, reason: 'other' }))).toEqual(a);
  });

  it('refuses reporting yourself or your own post (400 naming targetId)', async () => {
    const me = await signedInMember();
    const self = await report(me.jwt, { targetType: 'member', targetId: me.user.id, reason: 'spam' });
    expect(self.status).toBe(400);
    expect(await bodyOf(self)).toEqual({ message: 'targetId: cannot be yourself', status: 400, data: { fields: { targetId: 'cannot be yourself' } } });
    const own = await report(me.jwt, { targetType: 'post', targetId: await postBy(me.user.id), reason: 'spam' });
    expect((await bodyOf(own)).data.fields).toEqual({ targetId: 'cannot be your own post' });
  });

  it('answers 404 for unknown members and posts', async () => {
    const me = await signedInMember();
    expect(await bodyOf(await report(me.jwt, { targetType: 'member', targetId: UNKNOWN_ID, reason: 'spam' }))).toEqual({ message: 'Member not found.', status: 404, data: null });
    expect(await bodyOf(await report(me.jwt, { targetType: 'post', targetId: UNKNOWN_ID, reason: 'spam' }))).toEqual({ message: 'Post not found.', status: 404, data: null });
  });

  it('refuses bad input with the fields named', async () => {
    const me = await signedInMember();
    const response = await report(me.jwt, { targetType: 'group', targetId: 'x', reason: 'rude', details: 'd'.repeat(1001) });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({
      targetType: 'must be one of: member, post, comment, message, review',
      targetId: 'must be a 24-character id',
      reason: 'must be one of: spam, harassment, fake-profile, inappropriate, other',
      details: 'must be at most 1000 characters',
    });
    expect((await bodyOf(await report(me.jwt, '{'))).data.fields).toEqual({ body: 'must be valid JSON' });
  });

  it('asks for a session', async () => {
    expect((await post('/reports', { targetType: 'member', targetId: UNKNOWN_ID, reason: 'spam' })).status).toBe(401);
  });
});
