import { describe, expect, test } from 'vitest';
import { SEARCH_SCREENS } from './facets';
import { activeFilterCount, apiQuery, filterParams, parseFilters, parsePage, searchHref, withoutFilter } from './query';

const founders = SEARCH_SCREENS.founder;
const advisors = SEARCH_SCREENS.advisor;
const params = (query: string) => new URLSearchParams(query);

describe('parseFilters', () => {
  test('reads words, repeated facet values, single values, flags and the city of a founder search', () => {
    const filters = parseFilters(
      founders,
      params(
        'q=  climate   tools &skills=engineering&skills=design&industries=fintech&city=2332459&commitment=full-time&technical=true&remote=true&stage=idea&looking=true&takes=engineering&fulltime=now',
      ),
    );
    expect(filters).toEqual({
      q: 'climate tools',
      city: 2332459,
      values: {
        skills: ['engineering', 'design'],
        industries: ['fintech'],
        commitment: ['full-time'],
        technical: ['true'],
        stage: ['idea'],
        takes: ['engineering'],
        fulltime: ['now'],
        looking: ['true'],
        remote: ['true'],
        verified: [],
      },
    });
  });

  test('drops values outside the vocabulary, repeats, and the facets of the other screen', () => {
    const filters = parseFilters(founders, params('skills=engineering&skills=juggling&skills=engineering&expertise=pricing&help=investing'));
    expect(filters.values.skills).toEqual(['engineering']);
    expect(filters.values).not.toHaveProperty('expertise');
    expect(parseFilters(advisors, params('expertise=pricing&help=investing&skills=design')).values).toEqual({
      expertise: ['pricing'],
      help: ['investing'],
      engage: [],
      industries: [],
      remote: [],
      verified: [],
    });
  });

  test('keeps one value of a single-choice facet and the vocabulary order of a multi one', () => {
    const filters = parseFilters(founders, params('commitment=part-time&commitment=full-time&skills=design&skills=engineering'));
    expect(filters.values.commitment).toEqual(['full-time']);
    expect(filters.values.skills).toEqual(['engineering', 'design']);
  });

  test('reads technical=false as a choice but a flag only when it is true', () => {
    const filters = parseFilters(founders, params('technical=false&remote=false&looking=yes'));
    expect(filters.values.technical).toEqual(['false']);
    expect(filters.values.remote).toEqual([]);
    expect(filters.values.looking).toEqual([]);
  });

  test('ignores a city that is not a positive whole number', () => {
    for (const city of ['', 'lagos', '-4', '0', '1.5', '99999999999999999999']) {
      expect(parseFilters(founders, params(`city=${city}`)).city).toBeNull();
    }
  });

  test('cuts long words at 100 characters and drops words without a letter or digit', () => {
    expect(parseFilters(founders, params(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
    expect(parseFilters(founders, params('q=%22*%22+-')).q).toBe('');
    expect(parseFilters(founders, params('q=Zoë')).q).toBe('Zoë');
  });
});

describe('parsePage', () => {
  test('reads a whole page number from 1 and treats anything else as page 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('5000')).toBe(1000);
    for (const value of [null, '', '0', '-2', 'two', '2.5']) expect(parsePage(value)).toBe(1);
  });
});

describe('addresses', () => {
  const filters = parseFilters(founders, params('city=7&skills=design&q=pricing&skills=engineering&remote=true'));

  test('write the filters in a stable order and leave page 1 out', () => {
    expect(searchHref(founders, filters)).toBe('/founders?q=pricing&skills=engineering&skills=design&remote=true&city=7');
    expect(searchHref(founders, filters, 3)).toBe('/founders?q=pricing&skills=engineering&skills=design&remote=true&city=7&page=3');
    expect(searchHref(advisors, parseFilters(advisors, params('')))).toBe('/advisors');
  });

  test('read back to the same filters (an address survives a reload)', () => {
    expect(parseFilters(founders, filterParams(founders, filters, 2))).toEqual(filters);
  });

  test('ask the API for the screen’s page size and the page', () => {
    expect(apiQuery(advisors, parseFilters(advisors, params('expertise=pricing')), 2)).toEqual({ expertise: 'pricing', limit: '21', page: '2' });
    expect(apiQuery(founders, parseFilters(founders, params('')), 1)).toEqual({ limit: '20', page: '1' });
  });
});

describe('withoutFilter and activeFilterCount', () => {
  const filters = parseFilters(founders, params('q=ai&skills=engineering&skills=design&city=7&looking=true'));

  test('count the words, each value and the city', () => {
    expect(activeFilterCount(filters)).toBe(5);
  });

  test('remove one value and keep the others', () => {
    expect(withoutFilter(filters, 'skills', 'design').values.skills).toEqual(['engineering']);
    expect(withoutFilter(filters, 'q').q).toBe('');
    expect(withoutFilter(filters, 'city').city).toBeNull();
    expect(withoutFilter(filters, 'looking', 'true').values.looking).toEqual([]);
    expect(filters.values.skills).toEqual(['engineering', 'design']);
  });
});
