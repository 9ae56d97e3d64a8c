import { describe, expect, it } from 'vitest';
import { deepFactLines } from './deep-facts';

const founder = { memberType: 'founder' as const, startupName: null, takesRoles: [], wantsRoles: [], fullTime: null, engagements: [], helpStages: [] };
const advisor = { ...founder, memberType: 'advisor' as const };

describe('the deep lines of a card', () => {
  it('give a founder’s roles on one line and their startup and timing on the other, with the vocabulary’s labels', () => {
    expect(deepFactLines({ ...founder, takesRoles: ['engineering', 'product'], wantsRoles: ['sales-marketing'], startupName: 'Crumb', fullTime: '3-months' })).toEqual([
      'Takes: Engineering, Product · Wants: Sales and marketing',
      'Crumb · Full time: Within 3 months',
    ]);
  });

  it('say nothing of a field left empty, and leave out a line with nothing in it', () => {
    expect(deepFactLines(founder)).toEqual([]);
    expect(deepFactLines({ ...founder, wantsRoles: ['fundraising'] })).toEqual(['Wants: Fundraising']);
    expect(deepFactLines({ ...founder, fullTime: 'now', startupName: '  ' })).toEqual(['Full time: Now']);
    expect(deepFactLines(advisor)).toEqual([]);
  });

  it('give an advisor’s ways of engaging and stages, never a founder’s fields', () => {
    expect(deepFactLines({ ...advisor, engagements: ['one-off', 'monthly'], helpStages: ['idea'], takesRoles: ['engineering'] })).toEqual([
      'Engages: One-off sessions, Monthly check-ins',
      'Stages: An idea',
    ]);
  });
});
