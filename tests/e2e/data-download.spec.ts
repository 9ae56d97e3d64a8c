import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectNoSeriousA11yViolations, openHydrated, randomLetters, test, type Member } from './support';

/** A real 2×2 PNG (the API checks uploads by their bytes). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 0]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** `member`'s one post, with a picture; answers its text. */
async function postWithAPicture(member: Member, baseURL: string): Promise<string> {
  const text = `Our first export ${randomLetters(6)}`;
  const posted = await member.context.request.post('/api/session/feed-post', {
    multipart: { post_by: member.id, text, media: { name: 'dot.png', mimeType: 'image/png', buffer: tinyPng() }, mediaAlt: 'A red dot' },
    headers: { origin: baseURL },
  });
  expect(posted.status()).toBe(201);
  return text;
}

/** The files of a downloaded zip. */
async function filesOf(download: Download): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await readFile((await download.path())!)));
}

function expectTheirData(files: Record<string, Uint8Array>, member: Member, text: string) {
  const json = (path: string) => JSON.parse(strFromU8(files[path]!));
  expect(json('profile.json').account).toMatchObject({ email: member.email, lastName: member.name.split(' ').at(-1) });
  expect(json('posts.json').map((post: { text: string }) => post.text)).toEqual([text]);
  const [media] = json('posts.json')[0].media;
  expect(media.file).toMatch(/^media\/posts\/.+\.png$/);
  expect(Array.from(files[media.file]!.slice(1, 4))).toEqual([80, 78, 71]);
  expect(json('sign-in-methods.json')).toMatchObject({ email: member.email, password: true });
  for (const kind of ['comments', 'reactions', 'votes', 'connections', 'messages', 'notifications', 'profile-views', 'subscription']) expect(files[`${kind}.json`]).toBeDefined();
}

for (const theme of ['dark', 'light'] as const) {
  test(`a member downloads their data from the keyboard and reads the zip; the next waits an hour (${theme} theme)`, async ({ page, baseURL, member }) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const text = await postWithAPicture(member, baseURL!);

    await openHydrated(page, '/settings/account');
    const section = page.getByRole('region', { name: 'Download your data' });
    await expect(section.getByText('You can download your data once an hour.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const link = section.getByRole('link', { name: 'Download your data' });
    const downloading = page.waitForEvent('download');
    await link.focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^foundermesh-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expectTheirData(await filesOf(download), member, text);
    await expect(section.getByText(/Your download is ready: foundermesh-data-/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Back on the page later: no link, and when the next download is possible.
    await openHydrated(page, '/settings/account');
    await expect(section.getByRole('status').filter({ hasText: /You can download it again in (59|60) minutes\./ })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Download your data' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain link downloads the zip', async ({ page, baseURL, member }) => {
    test.setTimeout(60_000);
    const text = await postWithAPicture(member, baseURL!);
    await page.goto('/settings/account');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download your data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^foundermesh-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expectTheirData(await filesOf(download), member, text);
  });
});
