import { describe, expect, it } from 'vitest';
import { hashtagsOf, mentionIdsOf, normalHashtag, postSlug } from './tags';

const id = (n: number) => String(n).repeat(24).slice(0, 24);

describe('hashtagsOf', () => {
  it('keeps distinct lowercase tags of letters, digits and _, not all digits', () => {
    expect(hashtagsOf('#Climate and #climate, #AI_2030! #2024 #café #x')).toEqual(['climate', 'ai_2030', 'café', 'x']);
  });

  it('ignores anchors, entities and tags longer than 50', () => {
    expect(hashtagsOf('https://example.com/#section &#39; a#b')).toEqual([]);
    expect(hashtagsOf(`#${'a'.repeat(51)} #${'b'.repeat(50)}`)).toEqual(['b'.repeat(50)]);
  });

  it('normalises a filter value', () => {
    expect(normalHashtag('#PreSeed')).toBe('preseed');
    expect(normalHashtag('2024')).toBeNull();
    expect(normalHashtag('two words')).toBeNull();
  });
});

describe('mentionIdsOf', () => {
  it('reads distinct ids of well-formed tokens only', () => {
    expect(mentionIdsOf(`@[Ada](${id(1)}) @[Ada again](${id(1)}) @[Bob](${id(2)}) @[x](javascript:alert(1)) @[y](${id(3)}x`)).toEqual([id(1), id(2)]);
    expect(mentionIdsOf('@[no id]() @plain')).toEqual([]);
  });
});

describe('postSlug', () => {
  it('is the first six words with a random suffix, mentions read as names', () => {
    expect(postSlug(`Thanks @[Helen Park](${id(1)}) for the great pricing teardown yesterday`)).toMatch(/^thanks-helen-park-for-the-great-[0-9a-f]{6}$/);
    expect(postSlug('🎉🎉')).toMatch(/^post-[0-9a-f]{6}$/);
    expect(postSlug('same')).not.toBe(postSlug('same'));
  });
});
