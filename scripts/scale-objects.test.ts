import { describe, expect, it } from 'vitest';
import { objectFile, objectIdFromName } from '../bench/scale/objects.mjs';

describe('where the local stack keeps a member object', () => {
  it('names it as workerd does', () => {
    // Read from a local stack: the file workerd wrote for LIVE.idFromName('1f74df40f0a85421595e343a').
    expect(objectIdFromName('foundermesh-api', 'MemberLive', '1f74df40f0a85421595e343a')).toBe('0e0934bf9ef5b410c5c008672a658e91c4ca6b6bef00c6a89b7f44cf380328c3');
    expect(objectIdFromName('foundermesh-api', 'MemberLive', '260103ab231da0508971a6c7')).toBe('d7bb73efb56eb0303ccf75b841eab4aa952b8b923fb234810c1f02d0036b051a');
  });

  it('gives each class its own id for one name, under the state folder', () => {
    const live = objectIdFromName('foundermesh-api', 'MemberLive', 'u1');
    expect(objectIdFromName('foundermesh-api', 'MemberNotifications', 'u1')).not.toBe(live);
    expect(objectFile('/s', 'MemberLive', 'u1')).toBe(`/s/v3/do/foundermesh-api-MemberLive/${live}.sqlite`);
  });
});
