import { describe, expect, it } from 'vitest';
import { isVideoRoom, newVideoRoom } from './video-room';

describe('a generated video room', () => {
  it('is an https Jitsi Meet address with a 26-character lower-case name', () => {
    const room = newVideoRoom();
    const url = new URL(room);
    expect(url.protocol).toBe('https:');
    expect(url.host).toBe('meet.jit.si');
    expect(url.pathname).toMatch(/^\/foundermesh-[a-z0-9]{26}$/);
    expect(isVideoRoom(room)).toBe(true);
  });

  it('is never the same twice, and uses every character of its alphabet', () => {
    const rooms = Array.from({ length: 500 }, newVideoRoom);
    expect(new Set(rooms).size).toBe(500);
    const characters = new Set(rooms.flatMap((room) => [...room.slice(room.lastIndexOf('-') + 1)]));
    expect(characters.size).toBe(36);
  });

  it('is told apart from a host’s own link', () => {
    expect(isVideoRoom('https://meet.jit.si/MyOwnRoom')).toBe(false);
    expect(isVideoRoom(null)).toBe(false);
  });
});
