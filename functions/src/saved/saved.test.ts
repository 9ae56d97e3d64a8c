import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, type signedInMember } from '../../test/api';
import { block } from '../../test/connections';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { storedRows } from '../notifications/test-support';
import { founderWith } from '../search/test-profiles';
import { SAVED_LIMITS, SAVED_MESSAGES as M } from '../shared/saved-messages';
import { newMatchesOf, runSavedSearches } from './new-matches';
import { savedCriteria } from './schemas';

const criteriaOf = (search: { member_type: 'founder' | 'advisor'; query: string }) => savedCriteria(search.member_type, search.query).criteria;

type Member = Awaited<ReturnType<typeof signedInMember>>;

const database = db(env);
const DAY = 86_400_000;
const unique = () => `w${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

const save = (by: Member, memberId: string, note?: string) => call('PUT', `/saved/members/${memberId}`, note === undefined ? {} : { note }, { token: by.jwt });
const savedList = async (by: Member) => (await bodyOf(await get('/saved/members', { token: by.jwt }))).data as { member: { _id: string }; note: string }[];
const saveSearch = (by: Member, body: Record<string, unknown>, options: { env?: Env } = {}) => post('/saved/searches', body, { token: by.jwt, ...options });
const founderSearch = async (viewer: Member, query: string) =>
  (await bodyOf(await get(`/founder/search?${query}`, { token: viewer.jwt }))).data.map((member: { _id: string }) => member._id) as string[];
const deckIds = async (viewer: Member) =>
  (await bodyOf(await get('/profiles/recommend-search?limit=50', { token: viewer.jwt }))).data.map((match: { member: { _id: string } }) => match.member._id);

describe('saved people', () => {
  it('saves a member with a private note, edits the note, and removes them', async () => {
    const [ada, bob] = [await founderWith(), await founderWith()];
    const saved = await save(ada, bob.user.id, 'Met at <b>demo day</b>');
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toMatchObject({ member: { _id: bob.user.id }, note: 'Met at <b>demo day</b>' });

    expect((await save(ada, bob.user.id, 'Follow up in May')).status).toBe(200);
    expect(await savedList(ada)).toEqual([expect.objectContaining({ member: expect.objectContaining({ _id: bob.user.id }), note: 'Follow up in May' })]);
    expect((await bodyOf(await get(`/saved/members/${bob.user.id}`, { token: ada.jwt }))).note).toBe('Follow up in May');
    // The note is Ada's alone: Bob's list is empty and his view of himself carries no note.
    expect(await savedList(bob)).toEqual([]);
    expect((await get(`/saved/members/${ada.user.id}`, { token: bob.jwt })).status).toBe(404);

    const removed = await call('DELETE', `/saved/members/${bob.user.id}`, undefined, { token: ada.jwt });
    expect(await bodyOf(removed)).toEqual({ memberId: bob.user.id, saved: false });
    expect(await savedList(ada)).toEqual([]);
    const again = await call('DELETE', `/saved/members/${bob.user.id}`, undefined, { token: ada.jwt });
    expect(again.status).toBe(404);
    expect((await bodyOf(again)).message).toBe(M.notSaved);
  });

  it('refuses a note past its length, yourself and unknown members with a 4xx naming the field', async () => {
    const [ada, bob] = [await founderWith(), await founderWith()];
    const tooLong = await save(ada, bob.user.id, 'x'.repeat(SAVED_LIMITS.noteMax + 1));
    expect(tooLong.status).toBe(400);
    expect((await bodyOf(tooLong)).data.fields).toEqual({ note: M.noteTooLong });
    expect((await save(ada, bob.user.id, 'x'.repeat(SAVED_LIMITS.noteMax))).status).toBe(200);

    const self = await save(ada, ada.user.id, '');
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).data.fields).toEqual({ memberId: M.yourself });
    expect((await save(ada, 'ffffffffffffffffffffffff')).status).toBe(404);
    expect((await save(ada, 'not-an-id')).status).toBe(400);
  });

  it('marks on every card the viewer reads whether they saved that member, and never another member’s save', async () => {
    const word = unique();
    const place = { cityId: 950_000_000 + Math.floor(Math.random() * 1_000_000), lookingForCofounder: true, commitment: 'full-time' as const, industries: ['climate' as const] };
    const [ada, bob, cleo] = [
      await founderWith({ firstName: 'Ada', isTechnical: true, skills: ['engineering'], tagline: `${word} grids`, ...place }),
      await founderWith({ firstName: 'Bob', isTechnical: false, skills: ['sales-marketing'], tagline: `${word} sales`, ...place }),
      await founderWith({ firstName: 'Cleo', isTechnical: false, skills: ['sales-marketing'], tagline: `${word} ops`, ...place }),
    ];
    expect((await save(ada, bob.user.id, 'ask about pilots')).status).toBe(200);
    type Card = { _id: string; saved: boolean };
    const savedOf = (cards: Card[]) => Object.fromEntries(cards.map((card) => [card._id, card.saved]));
    const searched = async (viewer: Member, query: string) => savedOf((await bodyOf(await get(`/founder/search?${query}`, { token: viewer.jwt }))).data);
    // Key order (filters only), and words ranked by relevance.
    for (const query of [`city=${place.cityId}`, `q=${word}`]) {
      expect(await searched(ada, query), query).toEqual({ [bob.user.id]: true, [cleo.user.id]: false });
      expect(await searched(cleo, query), query).toEqual({ [ada.user.id]: false, [bob.user.id]: false });
    }
    const deck = (await bodyOf(await get('/profiles/recommend-search?limit=50', { token: ada.jwt }))).data.map((match: { member: Card }) => match.member) as Card[];
    expect(savedOf(deck.filter((card) => card._id === bob.user.id || card._id === cleo.user.id))).toEqual({ [bob.user.id]: true, [cleo.user.id]: false });
    expect((await bodyOf(await get('/saved/members', { token: ada.jwt }))).data[0].member).toMatchObject({ _id: bob.user.id, saved: true });
    // Visitors read nobody's saves.
    const visitor = await bodyOf(await get(`/directory/founders?city=${place.cityId}`));
    expect(visitor.data.map((card: Card) => card.saved)).toEqual([false, false, false]);

    await call('DELETE', `/saved/members/${bob.user.id}`, undefined, { token: ada.jwt });
    expect(await searched(ada, `city=${place.cityId}`)).toEqual({ [bob.user.id]: false, [cleo.user.id]: false });
  });

  it('leaves out a member blocked either way, and refuses to save them', async () => {
    const [ada, bob, cleo] = [await founderWith(), await founderWith(), await founderWith()];
    await save(ada, bob.user.id, 'note');
    await block(bob, ada);
    expect(await savedList(ada)).toEqual([]);
    await block(ada, cleo);
    expect((await save(ada, cleo.user.id, 'note')).status).toBe(404);
  });
});

describe('saved searches', () => {
  it('saves a search under a name, lists it with the limit, and removes it', async () => {
    const ada = await founderWith();
    const created = await saveSearch(ada, { name: '  Fintech engineers ', memberType: 'founder', query: 'skills=engineering&industries=fintech&page=3&limit=5' });
    expect(created.status).toBe(201);
    const search = await bodyOf(created);
    expect(search).toMatchObject({ name: 'Fintech engineers', memberType: 'founder', query: 'industries=fintech&skills=engineering' });

    const list = await bodyOf(await get('/saved/searches', { token: ada.jwt }));
    expect(list).toMatchObject({ limit: 10, premium: false, data: [expect.objectContaining({ _id: search._id })] });
    const removed = await call('DELETE', `/saved/searches/${search._id}`, undefined, { token: ada.jwt });
    expect((await bodyOf(removed)).data).toEqual([]);
    expect((await call('DELETE', `/saved/searches/${search._id}`, undefined, { token: ada.jwt })).status).toBe(404);
  });

  it('refuses a query the search would refuse, naming the filter, and a missing name', async () => {
    const ada = await founderWith();
    const wrong = await saveSearch(ada, { name: 'Odd', memberType: 'founder', query: 'skills=juggling' });
    expect(wrong.status).toBe(400);
    expect(Object.keys((await bodyOf(wrong)).data.fields)).toEqual(['query.skills']);
    const advisorFilter = await saveSearch(ada, { name: 'Odd', memberType: 'founder', query: 'expertise=legal' });
    expect(advisorFilter.status).toBe(400);
    expect((await bodyOf(advisorFilter)).message).toContain('query.expertise');
    const unnamed = await saveSearch(ada, { name: ' ', memberType: 'founder', query: '' });
    expect(unnamed.status).toBe(400);
    expect(Object.keys((await bodyOf(unnamed)).data.fields)).toEqual(['name']);
  });

  it('holds a member to their limit, even when saves arrive together', async () => {
    const ada = await founderWith();
    const options = { env: { ...env, SAVED_SEARCHES_FREE: '3' } as Env };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => saveSearch(ada, { name: `Search ${n}`, memberType: 'founder', query: '' }, options)));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = answers.find((response) => response.status === 409)!;
    expect((await bodyOf(refused)).message).toBe(M.searchLimit(3, false));
    const [row] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM saved_searches WHERE user_id = ${ada.user.id}`);
    expect(row?.n).toBe(3);
  });
});

describe('the daily run of saved searches', () => {
  it('tells the owner once of members who joined since the last run and match, and moves the last run on', async () => {
    const word = unique();
    const ada = await founderWith();
    const created = await bodyOf(await saveSearch(ada, { name: 'Fintech builders', memberType: 'founder', query: `q=${word}&industries=fintech` }));
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    await database.run(sql`UPDATE saved_searches SET last_run_at = ${twoDaysAgo} WHERE id = ${created._id}`);

    const before = await founderWith({ tagline: `${word} payments`, industries: ['fintech'], joinedAt: new Date(Date.now() - 3 * DAY).toISOString() });
    const newcomer = await founderWith({ tagline: `${word} payments`, industries: ['fintech'] });
    const withPicture = await founderWith({ tagline: `${word} lending`, industries: ['fintech'], profilePictureUrl: '/media/images/x.webp' });
    await founderWith({ tagline: `${word} solar`, industries: ['climate'] });
    const blockedOne = await founderWith({ tagline: `${word} cards`, industries: ['fintech'] });
    await block(ada, blockedOne);

    const search = { user_id: ada.user.id, criteria: criteriaOf({ member_type: 'founder', query: `industries=fintech&q=${word}` }) };
    const found = await newMatchesOf(buildDeps(env), search, twoDaysAgo, new Date(Date.now() + 1000).toISOString());
    expect(found.sort()).toEqual([newcomer.user.id, withPicture.user.id].sort());
    expect(found).not.toContain(before.user.id);

    const clock = fixedClock(new Date(Date.now() + 1000));
    const deps = { ...buildDeps(env), clock };
    const first = await runSavedSearches(deps, criteriaOf);
    expect(first.notices).toBeGreaterThanOrEqual(1);
    const notices = (await storedRows(ada.user.id)).filter((row) => row.kind === 'search.new_matches');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: M.newMatchesTitle, body: M.newMatchesBody(2, 'Fintech builders'), link: `/founders?industries=fintech&q=${word}` });
    const [row] = await database.all<{ last_run_at: string }>(sql`SELECT last_run_at FROM saved_searches WHERE id = ${created._id}`);
    expect(row?.last_run_at).toBe(clock.now().toISOString());

    // Not due again until a day later; then nobody new joined: no second notice.
    await runSavedSearches(deps, criteriaOf);
    clock.set(new Date(clock.now().getTime() + DAY));
    await runSavedSearches(deps, criteriaOf);
    expect((await storedRows(ada.user.id)).filter((stored) => stored.kind === 'search.new_matches')).toHaveLength(1);
  });
});

describe('the pause', () => {
  it('takes a member out of other members’ matching and search until they resume', async () => {
    const word = unique();
    const place = {
      cityId: 940_000_000 + Math.floor(Math.random() * 1_000_000),
      cityName: 'Braga, Portugal',
      lookingForCofounder: true,
      commitment: 'full-time' as const,
      industries: ['climate' as const],
    };
    const [ines, tomas] = [
      await founderWith({ firstName: 'Ines', isTechnical: true, skills: ['engineering'], tagline: `${word} grids`, ...place }),
      await founderWith({ firstName: 'Tomas', isTechnical: false, skills: ['sales-marketing'], tagline: `${word} sales`, ...place }),
    ];
    expect(await deckIds(ines)).toContain(tomas.user.id);
    expect(await founderSearch(ines, `q=${word}`)).toContain(tomas.user.id);
    const total = async () => (await bodyOf(await get(`/founder/search?industries=climate&city=${place.cityId}`, { token: ines.jwt }))).total;
    expect(await total()).toBe(1);

    const paused = await call('PUT', '/matching/pause', undefined, { token: tomas.jwt });
    expect(await bodyOf(paused)).toMatchObject({ paused: true, pausedAt: expect.any(String) });
    expect((await bodyOf(await get('/matching/pause', { token: tomas.jwt }))).paused).toBe(true);
    expect(await deckIds(ines)).not.toContain(tomas.user.id);
    expect(await founderSearch(ines, `q=${word}`)).not.toContain(tomas.user.id);
    expect(await total()).toBe(0);
    const interested = await post('/matching/intents', { candidateId: tomas.user.id, kind: 'interested' }, { token: ines.jwt });
    expect(interested.status).toBe(404);
    // Their profile page stays reachable.
    expect((await get(`/founder/profile?slug=${tomas.founder!.slug}`, { token: ines.jwt })).status).toBe(200);

    expect(await bodyOf(await call('DELETE', '/matching/pause', undefined, { token: tomas.jwt }))).toEqual({ paused: false, pausedAt: null });
    expect(await deckIds(ines)).toContain(tomas.user.id);
    expect(await founderSearch(ines, `q=${word}`)).toContain(tomas.user.id);
    expect(await total()).toBe(1);
  });

  it('hides a paused member’s "Interested" from the queue of the member they chose', async () => {
    const [ada, bob] = [await founderWith({ isTechnical: true }), await founderWith({ isTechnical: false })];
    await database.run(
      sql`INSERT INTO match_intents (user_id, candidate_id, kind, created_at, expires_at) VALUES (${bob.user.id}, ${ada.user.id}, 'interested', ${new Date().toISOString()}, NULL)`,
    );
    const queueTotal = async () => (await bodyOf(await get('/matching/interested-in-you', { token: ada.jwt }))).total;
    expect(await queueTotal()).toBe(1);
    await call('PUT', '/matching/pause', undefined, { token: bob.jwt });
    expect(await queueTotal()).toBe(0);
  });
});
