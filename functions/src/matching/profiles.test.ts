import { describe, expect, it } from 'vitest';
import { preferencesOf } from './profiles';

describe('preferencesOf', () => {
  it('keeps stored criteria of the right shape', () => {
    const stored = {
      technical: { value: 'non-technical', importance: 'must-have' },
      skills: { value: ['design', 'sales-marketing'], importance: 'nice-to-have' },
      commitment: { value: 'full-time', importance: 'dont-care' },
      location: { value: 'remote-ok', importance: 'nice-to-have' },
      industries: { importance: 'must-have' },
      ideaStage: { value: ['idea', 'prototype'], importance: 'nice-to-have' },
    };
    expect(preferencesOf(JSON.stringify(stored))).toEqual(stored);
  });

  it('drops criteria of the wrong shape, and reads damaged JSON as no preference', () => {
    const stored = {
      technical: { value: 'wizard', importance: 'must-have' },
      skills: { value: ['design', 'juggling'], importance: 'nice-to-have' },
      commitment: { value: 'full-time', importance: 'always' },
      ideaStage: { value: [], importance: 'must-have' },
      location: 'same-city',
      unknown: { value: 1, importance: 'must-have' },
    };
    expect(preferencesOf(JSON.stringify(stored))).toEqual({});
    for (const json of ['not json', '[]', 'null', '"x"', null]) expect(preferencesOf(json)).toEqual({});
  });
});
