import { describe, expect, it } from 'vitest';
import { ftsQuery, MAX_QUERY_WORDS, queryWords } from './fts';

describe('ftsQuery', () => {
  it('quotes each word and matches it as a prefix, every word required', () => {
    expect(ftsQuery('ada love')).toBe('"ada"* "love"*');
    expect(ftsQuery('  Lagos,fintech!  ')).toBe('"Lagos"* "fintech"*');
  });

  it('keeps letters with their accents and other scripts whole', () => {
    expect(ftsQuery('São Paulo')).toBe('"São"* "Paulo"*');
    expect(ftsQuery('Сопиште')).toBe('"Сопиште"*');
  });

  it('never lets FTS5 syntax through: quotes, stars, operators and column filters become words or nothing', () => {
    expect(ftsQuery('"ada" OR NEAR(x y) name:*bob* -z ^w {a b}')).toBe('"ada"* "OR"* "NEAR"* "x"* "y"* "name"* "bob"* "z"*');
    expect(ftsQuery('"*"')).toBeNull();
    expect(ftsQuery('')).toBeNull();
  });

  it('matches whole words when asked', () => {
    expect(ftsQuery('ada love', undefined, 'whole')).toBe('"ada" "love"');
    expect(ftsQuery('"ada*" OR', 'name', 'whole')).toBe('name : ("ada" "OR")');
  });

  it('limits a column with a filter over all the words', () => {
    expect(ftsQuery('ada lo', 'name')).toBe('name : ("ada"* "lo"*)');
  });

  it(`reads at most ${MAX_QUERY_WORDS} words`, () => {
    expect(queryWords('a b c d e f g h i j')).toHaveLength(MAX_QUERY_WORDS);
  });
});
