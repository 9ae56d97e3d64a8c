/**
 * A video room FounderMesh makes for a host who has no meeting link of their own: a Jitsi
 * Meet room on the public meet.jit.si service, which needs no account, no key and no call
 * to create (a room exists once someone opens its address). The name is the only secret:
 * 26 random characters of [a-z0-9] (about 134 bits), so nobody finds the room by trying
 * names. Jitsi reads room names without regard to case, hence lower case only.
 */
const ROOM_BASE = 'https://meet.jit.si/';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const NAME_LENGTH = 26;

/** A fresh, unguessable room address, e.g. `https://meet.jit.si/foundermesh-k3…`. */
export function newVideoRoom(): string {
  // 252 is the largest multiple of 36 under 256: bytes above it are dropped so each character is equally likely.
  let name = '';
  while (name.length < NAME_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(NAME_LENGTH * 2))) {
      if (byte < 252 && name.length < NAME_LENGTH) name += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${ROOM_BASE}foundermesh-${name}`;
}

/** Whether the address is a room this module made. */
export function isVideoRoom(link: string | null): boolean {
  return link !== null && /^https:\/\/meet\.jit\.si\/foundermesh-[a-z0-9]{26}$/.test(link);
}
