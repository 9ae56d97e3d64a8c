import { describe, expect, test } from 'vitest';
import { feedHref, filtersFromQuery, pinnedQuery, postsQuery, queryFromFilters } from './filters';
import { isPlaceholder, progressItem, progressPercent, visibleMedia } from './media';
import { canVote, sharePercent, withLike, withVote } from './optimistic';
import { editShown, insertMention, mentionQueryAt, readerLength, shownText, storedText } from './mentions';
import { draftIsEmpty, pollPayload, postForm } from './post-form';
import type { FeedPost, MediaItem, Poll } from './types';

const image = (id: string): MediaItem => ({ _id: id, url: `posts/${id}.webp`, mime: 'image/webp', alt: 'A chart', width: 10, height: 10 });

const poll = (over: Partial<Poll> = {}): Poll => ({
  _id: 'poll',
  question: 'Which?',
  options: [
    { _id: 'o1', label: 'One', votes: 1, share: 0.5 },
    { _id: 'o2', label: 'Two', votes: 1, share: 0.5 },
  ],
  totalVotes: 2,
  closesAt: null,
  closed: false,
  votedOptionId: null,
  ...over,
});

const post = { _id: 'p1', likeCount: 3, likedByUser: false } as FeedPost;

describe('the placeholder media rule (docs/product.md#media)', () => {
  test('media without a placeholder is shown as it is', () => {
    expect(visibleMedia([image('a'), image('b')]).map((item) => item._id)).toEqual(['a', 'b']);
  });
  test('a placeholder replaces every other item, alone', () => {
    const shown = visibleMedia([image('a'), progressItem('up', 40), image('b')]);
    expect(shown).toHaveLength(1);
    expect(isPlaceholder(shown[0]!)).toBe(true);
    expect(progressPercent(shown[0]!)).toBe(40);
  });
  test('progress is clamped to 0–100 and rounded', () => {
    expect(progressPercent(progressItem('x', 140))).toBe(100);
    expect(progressPercent(progressItem('x', -3))).toBe(0);
    expect(progressPercent(progressItem('x', 33.4))).toBe(33);
  });
});

describe('optimistic likes and votes', () => {
  test('a like adds one and an unlike takes one away', () => {
    const liked = withLike(post, true);
    expect(liked).toMatchObject({ likedByUser: true, likeCount: 4 });
    expect(withLike(liked, false)).toMatchObject({ likedByUser: false, likeCount: 3 });
  });
  test('liking an already liked post changes nothing', () => {
    const liked = { ...post, likedByUser: true };
    expect(withLike(liked, true)).toBe(liked);
  });
  test('the count never goes below zero', () => {
    expect(withLike({ ...post, likedByUser: true, likeCount: 0 }, false).likeCount).toBe(0);
  });
  test('a vote adds to its option and recomputes every share', () => {
    const voted = withVote(poll(), 'o1');
    expect(voted.totalVotes).toBe(3);
    expect(voted.votedOptionId).toBe('o1');
    expect(voted.options.map((option) => [option.votes, Number(option.share.toFixed(3))])).toEqual([
      [2, 0.667],
      [1, 0.333],
    ]);
    expect(voted.options.map((option) => sharePercent(option.share))).toEqual([67, 33]);
  });
  test('no second vote, no vote in a closed poll, none for a foreign option', () => {
    const already = poll({ votedOptionId: 'o2' });
    expect(withVote(already, 'o1')).toBe(already);
    const closed = poll({ closed: true });
    expect(withVote(closed, 'o1')).toBe(closed);
    const same = poll();
    expect(withVote(same, 'nope')).toBe(same);
  });
  test('a poll past its closing time takes no votes', () => {
    expect(canVote(poll({ closesAt: '2026-01-01T00:00:00Z' }), Date.parse('2026-02-01T00:00:00Z'))).toBe(false);
    expect(canVote(poll({ closesAt: '2026-03-01T00:00:00Z' }), Date.parse('2026-02-01T00:00:00Z'))).toBe(true);
    expect(canVote(poll({ votedOptionId: 'o1' }))).toBe(false);
  });
});

describe('the post form', () => {
  test('carries post_by, text, poll JSON, group, media and alt texts in order', () => {
    const first = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    const second = new File([new Uint8Array([2])], 'b.png', { type: 'image/png' });
    const form = postForm(
      {
        text: '  Hello #world  ',
        poll: { question: ' Q ', options: ['Yes', ' ', 'No'], closesAt: '' },
        group: 'founders',
        files: [
          { file: first, alt: 'first' },
          { file: second, alt: ' second ' },
        ],
      },
      'u1',
    );
    expect(form.get('post_by')).toBe('u1');
    expect(form.get('text')).toBe('Hello #world');
    expect(JSON.parse(String(form.get('poll')))).toEqual({ question: 'Q', options: ['Yes', 'No'] });
    expect(form.get('group')).toBe('founders');
    expect(form.getAll('media').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(form.getAll('mediaAlt')).toEqual(['first', 'second']);
    expect(form.has('replaceMedia')).toBe(false);
  });
  test('an edit that replaces media says so; no poll when none, and an empty group for none', () => {
    const form = postForm({ text: 'x', poll: null, group: null, files: [], replaceMedia: true }, 'u1');
    expect(form.get('replaceMedia')).toBe('true');
    expect(form.has('poll')).toBe(false);
    expect(form.get('group')).toBe('');
  });
  test('a closing time is sent as ISO; a blank poll is no poll', () => {
    expect(pollPayload({ question: '', options: ['a', 'b'], closesAt: '2030-01-02T03:04' })?.closesAt).toMatch(/^2030-01-0\dT\d\d:04:00\.000Z$/);
    expect(pollPayload({ question: ' ', options: [' ', ''], closesAt: '' })).toBeNull();
  });
  test('a draft with nothing in it is empty', () => {
    expect(draftIsEmpty({ text: '  ', poll: null, group: 'x', files: [] })).toBe(true);
    expect(draftIsEmpty({ text: '', poll: { question: '', options: ['a', 'b'], closesAt: '' }, group: null, files: [] })).toBe(false);
  });
});

describe('filters and the address', () => {
  test('group and hashtag are read from the query, hashtags lowercased without #', () => {
    expect(filtersFromQuery(new URLSearchParams('group=Founders&hashtag=%23SaaS'))).toEqual({ group: 'founders', hashtag: 'saas' });
  });
  test('malformed values are dropped', () => {
    expect(filtersFromQuery(new URLSearchParams('group=<script>&hashtag=123'))).toEqual({ group: null, hashtag: null });
    expect(filtersFromQuery(new URLSearchParams('hashtag=a b'))).toEqual({ group: null, hashtag: null });
  });
  test('the query round-trips and is empty without filters', () => {
    const filters = { group: 'advisors', hashtag: 'ai_tools' };
    expect(filtersFromQuery(new URLSearchParams(queryFromFilters(filters)))).toEqual(filters);
    expect(feedHref({ group: null, hashtag: null })).toBe('/feed');
    expect(feedHref({ group: null, hashtag: 'go' })).toBe('/feed?hashtag=go');
  });
  test('API queries carry paging, order and filters', () => {
    const search = (query: Record<string, string>) => new URLSearchParams(query).toString();
    expect(search(postsQuery({ group: 'g', hashtag: 'h' }, 2))).toBe('page=2&limit=10&sortBy=createdAt&order=desc&group=g&hashtag=h');
    expect(search(pinnedQuery(null))).toBe('_start=0&_limit=5&isPinned=true');
    expect(search(pinnedQuery('g'))).toBe('_start=0&_limit=5&isPinned=true&group=g');
  });
});

describe('@-mentions in the composer', () => {
  test('the word after an @ at the caret is the query', () => {
    expect(mentionQueryAt('Thanks @ad', 10)).toEqual({ start: 7, query: 'ad' });
    expect(mentionQueryAt('@Ada', 4)).toEqual({ start: 0, query: 'Ada' });
  });
  test('no query before the second character', () => {
    expect(mentionQueryAt('Thanks @a', 9)).toBeNull();
    expect(mentionQueryAt('Thanks @', 8)).toBeNull();
  });
  test('no query inside an email address or after a space', () => {
    expect(mentionQueryAt('mail ada@example', 16)).toBeNull();
    expect(mentionQueryAt('hi @ada ', 8)).toBeNull();
  });
  const ada = 'a'.repeat(24);
  const bo = 'b'.repeat(24);
  test('picking a member shows @Name, stores the token and puts the caret after it', () => {
    const box = shownText('Thanks @ad for this');
    const mention = mentionQueryAt(box.shown, 10)!;
    const result = insertMention(box, mention, 10, { _id: ada, name: 'Ada [Lovelace]' });
    expect(result.box.shown).toBe('Thanks @Ada Lovelace for this');
    expect(result.box.shown.slice(0, result.caret)).toBe('Thanks @Ada Lovelace ');
    expect(storedText(result.box)).toBe(`Thanks @[Ada Lovelace](${ada}) for this`);
  });
  test('stored text and what the box shows convert both ways', () => {
    const stored = `Hi @[Ada Lovelace](${ada}) and @[Bo](${bo})!`;
    const box = shownText(stored);
    expect(box.shown).toBe('Hi @Ada Lovelace and @Bo!');
    expect(box.spans.map((span) => box.shown.slice(span.start, span.end))).toEqual(['@Ada Lovelace', '@Bo']);
    expect(storedText(box)).toBe(stored);
    expect(readerLength(stored)).toBe(box.shown.length);
  });
  test('typing before or after a mention keeps it; typing inside it makes it plain text', () => {
    const box = shownText(`Hi @[Ada](${ada}) there`);
    expect(storedText(editShown(box, 'Oh hi @Ada there'))).toBe(`Oh hi @[Ada](${ada}) there`);
    expect(storedText(editShown(box, 'Hi @Ada, there'))).toBe(`Hi @[Ada](${ada}), there`);
    expect(storedText(editShown(box, 'Hi @Ad there'))).toBe('Hi @Ad there');
    expect(storedText(editShown(box, 'Hi there'))).toBe('Hi there');
  });
  test('a name longer than a stored mention holds is cut to 100 characters, so it stays a mention', () => {
    const box = shownText('Hi @lo');
    const long = `${'L'.repeat(60)} ${'M'.repeat(60)}`;
    const result = insertMention(box, mentionQueryAt(box.shown, 6)!, 6, { _id: ada, name: long });
    const stored = storedText(result.box);
    expect(shownText(stored).spans).toHaveLength(1);
    expect(shownText(stored).shown).toBe(`Hi @${long.slice(0, 100)} `);
  });
  test('a paste replacing everything drops the mentions it replaced', () => {
    const box = shownText(`@[Ada](${ada}) and @[Bo](${bo})`);
    expect(storedText(editShown(box, 'something else'))).toBe('something else');
  });
});
