import { describe, expect, test } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { searchCities } from './cities';

describe('city search', () => {
  test('asks GET cities with the words and the limit and answers the cities', async () => {
    const { api, session } = sessionStub();
    const lagos = { id: 1, name: 'Lagos', countryCode: 'NG', countryName: 'Nigeria', population: 1, label: 'Lagos, Nigeria' };
    session.mockResolvedValueOnce({ data: [lagos] });
    expect(await searchCities(api, 'lag', 8, new AbortController().signal)).toEqual([lagos]);
    expect(session).toHaveBeenCalledWith('cities?search=lag&limit=8');
  });
});
