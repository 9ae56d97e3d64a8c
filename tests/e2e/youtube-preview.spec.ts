/**
 * The YouTube preview on a public post page: a thumbnail, a Play button and a "Watch on
 * YouTube" link until asked; Enter on the button swaps in the privacy-enhanced player
 * (youtube-nocookie.com) with a title and the allow list, and focus moves to it. Member
 * links around it open in a new tab, nofollow ugc.
 */
import { newMember, type Stack } from './profile-page-support';
import { expect, test } from './support';

const VIDEO = 'dQw4w9WgXcQ';

test('a YouTube link in a post becomes a preview whose Play button loads the nocookie player from the keyboard', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const author = await newMember(stack, { firstName: 'Yara', memberType: 'founder' });
  const created = await author.context.request.post('/api/session/feed-post', {
    headers: { origin: stack.baseURL },
    multipart: { post_by: author.id, text: `Our demo: https://youtu.be/${VIDEO}\nDocs at acme.io, mail team@acme.io #demo` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  // Nothing leaves the machine: thumbnails and the player are answered here.
  await page.route(
    (url) => url.origin !== new URL(stack.baseURL).origin,
    (route) => route.fulfill({ status: 204, body: '' }),
  );
  await page.goto(`/post/${slug}`);
  const preview = page.locator(`youtube-preview[video-id="${VIDEO}"]`).first();
  await expect(preview.locator('img.yt-thumb')).toHaveAttribute('src', `https://i.ytimg.com/vi/${VIDEO}/hqdefault.jpg`);
  await expect(preview.getByRole('link', { name: 'Watch on YouTube' })).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO}`);
  await expect(page.getByRole('link', { name: 'acme.io', exact: true })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(page.getByRole('link', { name: 'acme.io', exact: true })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'team@acme.io' })).toHaveAttribute('href', 'mailto:team@acme.io');
  await expect(page.getByRole('link', { name: '#demo' })).toHaveAttribute('href', '/tags/demo');

  const play = preview.getByRole('button', { name: 'Play YouTube video' });
  await expect(play).toBeVisible();
  await play.focus();
  await page.keyboard.press('Enter');
  const player = preview.locator('iframe.yt-frame');
  await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`);
  await expect(player).toHaveAttribute('title', 'YouTube video player');
  await expect(player).toHaveAttribute('allow', /autoplay/);
  await expect(player).toBeFocused();
  await expect(preview.locator('img.yt-thumb, button.yt-play')).toHaveCount(0);
  await author.context.close();
});
