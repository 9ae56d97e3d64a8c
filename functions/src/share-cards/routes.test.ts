import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { newPost } from '../../test/posts';
import { pngImage } from '../media/test-images';
import { filePart, founderForm, insertTestCities, sendForm } from '../profiles/test-forms';
import type { ProfileDetails } from '../profiles/schemas';
import { postCardContent, profileCardContent, SHARE_CARD_MAX_BYTES, shareCardOf } from './content';
import { cardSvg } from './draw';
import { deleteShareCards, shareCardFolder } from './service';

beforeAll(insertTestCities);

/** Width and height from a PNG's IHDR chunk, after its 8-byte signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function founder(overrides: Parameters<typeof founderForm>[0] = {}) {
  const member = await signedInMember({ onboarded: false });
  const saved = await sendForm('POST', '/founder/onboarding', founderForm(overrides), { token: member.jwt });
  expect(saved.status).toBe(200);
  const slug = (await bodyOf(saved)).profile.slug as string;
  const profile = async () => bodyOf<ProfileDetails>(await get(`/founder/profile?slug=${slug}`));
  return { member, slug, profile };
}

async function expectCard(path: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  expect(bytes.byteLength).toBeLessThanOrEqual(SHARE_CARD_MAX_BYTES);
  return { response, bytes };
}

describe('share cards', () => {
  it('draw a profile once as a 1200×630 PNG under 100 KB, then answer it without drawing again', async () => {
    const { profile } = await founder({ profilePicture: filePart(await pngImage(256, 256), 'me.png', 'image/png'), profilePictureAlt: 'Ada' });
    const card = await shareCardOf(profileCardContent(await profile()));
    expect(card).toEqual({
      path: expect.stringMatching(/^\/og\/founder\/[a-z0-9-]+\/[0-9a-f]{16}\.png$/),
      width: 1200,
      height: 630,
      alt: expect.stringContaining('Ada Lovelace: '),
    });
    const first = await expectCard(card!.path);
    expect(first.response.headers.get('x-card-source')).toBe('drawn');
    expect(first.response.headers.get('x-card-photo')).toBe('drawn');
    const again = await expectCard(card!.path);
    expect(['cache', 'stored']).toContain(again.response.headers.get('x-card-source'));
    expect(again.bytes).toEqual(first.bytes);
    // The isolate's first draw also instantiates both WebAssembly modules (docs/benchmarks.md "Share cards").
  }, 30_000);

  it('draw member text as text: a name with <svg and & never becomes markup', async () => {
    const { profile } = await founder({ firstName: '<svg onload=alert(1)>', lastName: 'Tom & Jerry', tagline: '</text><script>x</script> & more' });
    const content = profileCardContent(await profile())!;
    expect(content.name).toBe('<svg onload=alert(1)> Tom & Jerry');
    const svg = await cardSvg(content, null);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|#\d+);)/);
    await expectCard((await shareCardOf(content))!.path);
  });

  it('get a new address when the profile changes; the old one redirects to it', async () => {
    const { member, profile } = await founder();
    const before = (await shareCardOf(profileCardContent(await profile())))!;
    const edited = await sendForm('PUT', '/founder/profile', founderForm({ tagline: 'Now shipping the difference engine' }), { token: member.jwt });
    expect(edited.status).toBe(200);
    const after = (await shareCardOf(profileCardContent(await profile())))!;
    expect(after.path).not.toBe(before.path);
    const old = await get(before.path);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(after.path);
    await expectCard(after.path);
  });

  it('are refused for a member who opted out of search engines, even at an address drawn before', async () => {
    const { member, profile } = await founder();
    const card = (await shareCardOf(profileCardContent(await profile())))!;
    await expectCard(card.path);
    const privacy = await call('PATCH', '/profile/privacy', { searchIndexing: false }, { token: member.jwt });
    expect(privacy.status).toBe(200);
    expect(profileCardContent(await profile())).toBeNull();
    expect((await get(card.path)).status).toBe(404);
  });

  it('draw a public post with its first lines; unknown posts and bad addresses are refused', async () => {
    const { member } = await founder();
    const post = await newPost(member, { text: 'We just closed our pre-seed round & we are hiring <engineers>.' });
    const content = postCardContent(post);
    expect(content.text).toBe('We just closed our pre-seed round & we are hiring <engineers>.');
    await expectCard((await shareCardOf(content))!.path);
    expect((await get('/og/post/no-such-post-1a2b3c/0123456789abcdef.png')).status).toBe(404);
    const bad = await get('/og/post/anything/not-a-version.png');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bodyOf(bad))).toContain('file');
  });

  it('leave R2 with the member’s account', async () => {
    const ownerId = 'a'.repeat(24);
    await env.MEDIA.put(`${shareCardFolder(ownerId)}post/x/0123456789abcdef.png`, new Uint8Array([1]));
    await deleteShareCards(env.MEDIA, ownerId);
    expect((await env.MEDIA.list({ prefix: shareCardFolder(ownerId) })).objects).toHaveLength(0);
  });
});
