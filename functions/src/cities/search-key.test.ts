import { describe, expect, it } from 'vitest';
import { citySearchKey, prefixEnd, searchKey } from './search-key';

describe('searchKey', () => {
  it('folds case and diacritics to ASCII', () => {
    expect(searchKey('Zürich')).toBe('zurich');
    expect(searchKey('São Paulo')).toBe('sao paulo');
    expect(searchKey('Kraków')).toBe('krakow');
    expect(searchKey('İstanbul')).toBe('istanbul');
  });

  it('spells out the Latin letters decomposition leaves alone', () => {
    expect(searchKey('Łódź')).toBe('lodz');
    expect(searchKey('Tromsø')).toBe('tromso');
    expect(searchKey('Gießen')).toBe('giessen');
    expect(searchKey('Đà Nẵng')).toBe('da nang');
    expect(searchKey('Ħamrun')).toBe('hamrun');
  });

  it('drops quotes and turns other punctuation into single spaces', () => {
    expect(searchKey('Ra’s Bayrūt')).toBe('ras bayrut');
    expect(searchKey("Côte d'Ivoire")).toBe(searchKey('Côte d’Ivoire'));
    expect(searchKey('  Zürich (Kreis 7) / Witikon ')).toBe('zurich kreis 7 witikon');
    expect(searchKey('Lagos, Nigeria')).toBe('lagos nigeria');
    expect(searchKey('%_*')).toBe('');
  });

  it('keeps letters of other scripts, lowercased', () => {
    expect(searchKey('Сопиште')).toBe('сопиште');
  });
});

describe('citySearchKey', () => {
  it('is the name then the country, so "city, country" matches by prefix', () => {
    const key = citySearchKey('Lagos', 'Nigeria');
    expect(key).toBe('lagos nigeria');
    expect(key.startsWith(searchKey('Lagos, Nig'))).toBe(true);
  });
});

describe('prefixEnd', () => {
  it('is above every string with the prefix and below the next prefix', () => {
    const end = prefixEnd('lag');
    expect(end).toBe('lah');
    for (const key of ['lag', 'lagos nigeria', 'lagzzzz']) expect(key < end).toBe(true);
    expect('lah' >= end).toBe(true);
  });
});
