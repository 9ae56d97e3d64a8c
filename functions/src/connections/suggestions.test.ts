import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { put, requestId, someMembers } from '../../test/connections';
import { daysAgo, founderWith } from '../search/test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function connect(a: Member, b: Member): Promise<void> {
  await put(`/connection/accepted/${await requestId(a, b)}`, b.jwt);
}

const suggestionsFor = async (member: Member, query = '?limit=50') => (await bodyOf(await get(`/connection/you-might-like${query}`, { token: member.jwt }))).data;

describe('GET /connection/you-might-like', () => {
  it('suggests members of your connections, with the shared count as a reason', async () => {
    const [me, friend1, friend2, target] = await someMembers(4);
    const advisor = await signedInMember({ memberType: 'advisor', lastName: `Adviser ${crypto.randomUUID().slice(0, 6)}` });
    await connect(me, friend1);
    await connect(me, friend2);
    await connect(friend1, target);
    await connect(target, friend2);
    await connect(friend1, advisor);

    const suggestions = await suggestionsFor(me);
    expect(suggestions[0]).toEqual({ member: expect.objectContaining({ _id: target.user.id }), reasons: ['2 shared connections', 'New member'], score: expect.any(Number) });
    expect(suggestions[1]).toMatchObject({ member: { _id: advisor.user.id, memberType: 'advisor' }, reasons: ['1 shared connection', 'Could advise you', 'New member'] });
    expect(suggestions[0].score).toBeGreaterThan(suggestions[1].score);
  });

  it('leaves out the viewer, connections, requests either way, ignored ones, blocks either way and members not onboarded', async () => {
    const [me, friend, connected, asked, askedMe, ignoredMe, iIgnored, iBlocked, blockedMe, fine] = await someMembers(10);
    const notOnboarded = await signedInMember({ onboarded: false, lastName: `Newcomer ${crypto.randomUUID().slice(0, 6)}` });
    await connect(me, friend);
    // Everyone below shares `friend` with `me`, so only the rules can keep them out.
    for (const other of [connected, asked, askedMe, ignoredMe, iIgnored, iBlocked, blockedMe, fine, notOnboarded]) await connect(friend, other);
    await connect(me, connected);
    await requestId(me, asked);
    await requestId(askedMe, me);
    await put(`/connection/ignored/${await requestId(me, ignoredMe)}`, ignoredMe.jwt);
    await put(`/connection/ignored/${await requestId(iIgnored, me)}`, me.jwt);
    await post(`/connection/block/${iBlocked.user.id}`, undefined, { token: me.jwt });
    await post(`/connection/block/${me.user.id}`, undefined, { token: blockedMe.jwt });

    const suggested = (await suggestionsFor(me)).map((suggestion: { member: { _id: string } }) => suggestion.member._id);
    expect(suggested).toContain(fine.user.id);
    for (const excluded of [me, friend, connected, asked, askedMe, ignoredMe, iIgnored, iBlocked, blockedMe, notOnboarded]) {
      expect(suggested).not.toContain(excluded.user.id);
    }
    // The blocked members do not see the blocker either.
    for (const blocked of [iBlocked, blockedMe]) {
      expect((await suggestionsFor(blocked)).map((suggestion: { member: { _id: string } }) => suggestion.member._id)).not.toContain(me.user.id);
    }
  });

  it('answers at most `limit` suggestions (10 by default) and refuses a limit out of range', async () => {
    const me = await signedInMember();
    expect((await suggestionsFor(me, '')).length).toBeLessThanOrEqual(10);
    expect(await suggestionsFor(me, '?limit=2')).toHaveLength(2);
    for (const limit of ['0', '51', 'x']) expect((await get(`/connection/you-might-like?limit=${limit}`, { token: me.jwt })).status).toBe(400);
  });

  it("weighs the members' profiles as matching does, and says why", async () => {
    const city = 930_000_001;
    const me = await founderWith({ isTechnical: true, skills: ['engineering'], industries: ['agtech'], cityId: city, cityName: 'Kisumu, Kenya', lookingForCofounder: true });
    const complement = await founderWith({
      isTechnical: false,
      skills: ['sales-marketing'],
      industries: ['agtech'],
      cityId: city,
      cityName: 'Kisumu, Kenya',
      joinedAt: daysAgo(200),
    });
    const plain = await founderWith({ joinedAt: daysAgo(1) });

    const suggestions = await suggestionsFor(me);
    const ours = suggestions.filter((suggestion: { member: { _id: string } }) => [complement.user.id, plain.user.id].includes(suggestion.member._id));
    expect(ours.map((suggestion: { member: { _id: string } }) => suggestion.member._id)).toEqual([complement.user.id, plain.user.id]);
    expect(ours[0].reasons).toEqual(['Complements your skills: sales and marketing']);
    expect(ours[1].reasons).toEqual(['New member']);
  });
});
