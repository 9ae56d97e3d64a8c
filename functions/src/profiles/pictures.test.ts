import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { containsText, jpegImage, pngImage, webpImage } from '../media/test-images';
import { advisorForm, filePart, founderForm, insertTestCities, sendForm } from './test-forms';
import { isProfileForm, PROFILE_FORM_MAX_BYTES } from './upload-limit';

beforeAll(insertTestCities);

const newFounder = () => signedInMember({ onboarded: false, firstName: 'Ada', lastName: 'Lovelace' });

/** The stored object behind a profile's image key. */
async function stored(path: string) {
  const object = await env.MEDIA.get(path);
  return object && { type: object.httpMetadata?.contentType, bytes: new Uint8Array(await object.arrayBuffer()) };
}

async function onboardWith(overrides: Parameters<typeof founderForm>[0]) {
  const ada = await newFounder();
  const response = await sendForm('POST', '/founder/onboarding', founderForm(overrides), { token: ada.jwt });
  return { ada, response, body: await bodyOf(response) };
}

describe('profile pictures and banners', () => {
  it('stores a picture and a banner in R2 under fresh keys and serves them from /media', async () => {
    const { response, body } = await onboardWith({
      profilePicture: filePart(await pngImage(128, 128), 'me.png', 'image/png'),
      profilePictureAlt: 'Ada smiling at a loom',
      profileBanner: filePart(webpImage(1200, 300), 'banner.webp', 'image/webp'),
      profileBannerAlt: 'Punched cards on a desk',
    });
    expect(response.status).toBe(200);
    expect(body.profile.profilePicture).toEqual({ url: expect.stringMatching(/^avatars\/[0-9a-f]{24}\.png$/), alt: 'Ada smiling at a loom' });
    expect(body.profile.profileBanner).toEqual({ url: expect.stringMatching(/^banners\/[0-9a-f]{24}\.webp$/), alt: 'Punched cards on a desk' });
    expect(body.user.profile.profilePicture).toEqual({ url: body.profile.profilePicture.url });
    const served = await get(`/media/${body.profile.profilePicture.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('goes by the bytes, not the name: a PNG named .jpg is stored as a PNG', async () => {
    const { body } = await onboardWith({ profilePicture: filePart(await pngImage(64, 64), 'holiday.jpg', 'image/jpeg'), profilePictureAlt: 'Me' });
    expect(body.profile.profilePicture.url).toMatch(/\.png$/);
    expect((await stored(body.profile.profilePicture.url))!.type).toBe('image/png');
  });

  it('refuses a text file named .png, naming the field', async () => {
    const { response, body } = await onboardWith({ profilePicture: filePart(new TextEncoder().encode('I am not a picture'), 'me.png', 'image/png'), profilePictureAlt: 'Me' });
    expect(response.status).toBe(400);
    expect(body).toEqual({
      message: 'profilePicture: must be a JPEG, PNG or WebP image',
      status: 400,
      data: { fields: { profilePicture: 'must be a JPEG, PNG or WebP image' } },
    });
  });

  it('refuses an avatar under 64 × 64 pixels and a banner under 400 pixels wide', async () => {
    const { body } = await onboardWith({
      profilePicture: filePart(jpegImage(63, 200), 'small.jpg'),
      profilePictureAlt: 'Me',
      profileBanner: filePart(await pngImage(399, 100), 'narrow.png'),
      profileBannerAlt: 'Banner',
    });
    expect(body.data.fields).toEqual({ profilePicture: 'must be at least 64 × 64 pixels', profileBanner: 'must be at least 400 pixels wide' });
  });

  it('refuses a picture over 5 MB as a 400 naming the field (the whole body limit is larger)', async () => {
    const big = await pngImage(64, 64, { padTo: 5 * 1024 * 1024 + 1 });
    expect(big.length + 10_000).toBeLessThan(PROFILE_FORM_MAX_BYTES);
    const { response, body } = await onboardWith({ profilePicture: filePart(big, 'big.png'), profilePictureAlt: 'Me' });
    expect(response.status).toBe(400);
    expect(body.data.fields).toEqual({ profilePicture: 'must be at most 5 MB' });
  });

  it('wants alt text with a picture', async () => {
    const { body } = await onboardWith({ profileBanner: filePart(await pngImage(400, 100), 'b.png') });
    expect(body.data.fields).toEqual({ profileBannerAlt: 'is required with an image: describe it for people who cannot see it' });
  });

  it('removes metadata before storing: Exif and comments from JPEG, text chunks from PNG', async () => {
    const { body } = await onboardWith({
      profilePicture: filePart(jpegImage(100, 100, { exif: 'GPS 6.45N 3.39E', comment: 'private comment' }), 'me.jpg'),
      profilePictureAlt: 'Me',
      profileBanner: filePart(await pngImage(600, 200, { text: 'Author: Ada at home' }), 'b.png'),
      profileBannerAlt: 'Banner',
    });
    const picture = await stored(body.profile.profilePicture.url);
    expect(picture!.type).toBe('image/jpeg');
    expect(containsText(picture!.bytes, 'GPS 6.45N')).toBe(false);
    expect(containsText(picture!.bytes, 'private comment')).toBe(false);
    expect(containsText(picture!.bytes, 'JFIF')).toBe(true);
    const banner = await stored(body.profile.profileBanner.url);
    expect(containsText(banner!.bytes, 'Ada at home')).toBe(false);
    expect(banner!.bytes).toEqual(await pngImage(600, 200));
  });

  it('stores nothing when the form is refused', async () => {
    const before = (await env.MEDIA.list({ prefix: 'avatars/' })).objects.length;
    const { response } = await onboardWith({ profilePicture: filePart(await pngImage(64, 64), 'me.png'), profilePictureAlt: 'Me', skills: [] });
    expect(response.status).toBe(400);
    expect((await env.MEDIA.list({ prefix: 'avatars/' })).objects.length).toBe(before);
  });

  it('works the same for advisors', async () => {
    const grace = await signedInMember({ onboarded: false, memberType: 'advisor' });
    const form = advisorForm({ profilePicture: filePart(webpImage(256, 256, { metadata: 'serial 7' }), 'g.webp'), profilePictureAlt: 'Grace' });
    const body = await bodyOf(await sendForm('POST', '/advisor/onboarding', form, { token: grace.jwt }));
    expect(body.profile.profilePicture.url).toMatch(/^avatars\/[0-9a-f]{24}\.webp$/);
    expect(containsText((await stored(body.profile.profilePicture.url))!.bytes, 'serial 7')).toBe(false);
  });
});

describe('isProfileForm', () => {
  it('names the four multipart form routes and nothing else', () => {
    expect(
      ['POST /founder/onboarding', 'POST /advisor/onboarding', 'PUT /founder/profile', 'PUT /advisor/profile'].every((r) => isProfileForm(...(r.split(' ') as [string, string]))),
    ).toBe(true);
    expect(isProfileForm('GET', '/founder/profile')).toBe(false);
    expect(isProfileForm('PUT', '/onboarding')).toBe(false);
    expect(isProfileForm('POST', '/founder/onboarding/x')).toBe(false);
  });
});
