import { DEMO_MEMBER, expect, latestMail, linkIn, register, registerVerified, signIn, signOut, test, uniqueEmail } from './support';

test('a newcomer registers, opens the link in the verification mail and lands signed in on onboarding without pressing anything', async ({ page, request }) => {
  const email = uniqueEmail('newcomer');
  await register(page, email, 'correct horse battery', 'Grace');

  const mail = await latestMail(request, email, /verification/i);
  const link = linkIn(mail, '/verify-email');
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/verify-email') posts.push(sent.method());
  });
  await page.goto(link.pathname + link.search);

  await expect(page).toHaveURL(/\/onboarding$/);
  // The link's GET only rendered the form; the page sent it as a POST by itself, once.
  expect(posts).toEqual(['GET', 'POST']);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'token');
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe('Strict');
  expect(cookies.find((cookie) => cookie.name === 'isAdvisor')?.value).toBe('false');
});

test('the dev mailbox screen shows the verification mail with its link', async ({ page }) => {
  const email = uniqueEmail('mailbox');
  await register(page, email, 'correct horse battery');
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /verify-email/ }).first()).toBeVisible();
});

test('a member signs out and signs in again; a wrong password shows the server message', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => {
    localStorage.setItem('feed-posts', '[]');
    localStorage.setItem('draft', 'x');
    sessionStorage.setItem('draft', 'x');
  });
  await signOut(page);
  expect(await page.evaluate(() => [localStorage.getItem('feed-posts'), localStorage.getItem('draft'), sessionStorage.length])).toEqual(['[]', null, 0]);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('token');

  await signIn(page, DEMO_MEMBER.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_MEMBER.email);

  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a member who forgot the password resets it from the mailed link and signs in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  await registerVerified(page, request, email, 'first password one');
  await signOut(page);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists/)).toBeVisible();

  const resetLink = linkIn(await latestMail(request, email, /reset/i), '/reset-password');
  await page.goto(resetLink.pathname + resetLink.search);
  await page.getByLabel('New password', { exact: true }).fill('second password two');
  await page.getByLabel('Confirm new password').fill('second password two');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await signOut(page);

  await signIn(page, email, 'first password one');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await signIn(page, email, 'second password two');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a member changes the password and the old one stops working', async ({ page, request }) => {
  const email = uniqueEmail('changer');
  await registerVerified(page, request, email, 'old password here');

  await page.goto('/settings/password');
  await page.getByLabel('Current password').fill('wrong password here');
  await page.getByLabel('New password', { exact: true }).fill('new password here');
  await page.getByLabel('Confirm new password').fill('new password here');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('is incorrect')).toBeVisible();

  await page.getByLabel('Current password').fill('old password here');
  await page.getByLabel('New password', { exact: true }).fill('new password here');
  await page.getByLabel('Confirm new password').fill('new password here');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: /password has been changed/i }),
  ).toBeVisible();
  // Still signed in with the fresh token the change issued.
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/settings\/password/);

  await signOut(page);
  await signIn(page, email, 'old password here');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await signIn(page, email, 'new password here');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the strength meter reads a new password and stops a common one before submit', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  const meter = page.locator('meter[aria-label="Password strength"]');
  await password.fill('qwerty123456');
  await expect(page.getByText('Password strength: Too common.')).toBeVisible();
  await expect(meter).toHaveJSProperty('value', 0);
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.customError)).toBe(true);

  await password.fill('short one');
  await expect(page.getByText('Password strength: Too short. Use at least 12 characters.')).toBeVisible();

  await password.fill('correct horse battery staple');
  await expect(page.getByText('Password strength: Strong.')).toBeVisible();
  await expect(meter).toHaveJSProperty('value', 4);
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
});

test('a link whose code is used up verifies nothing: the error shows with the code field, and a code typed by hand still verifies', async ({ page, request }) => {
  const email = uniqueEmail('used-link');
  await register(page, email, 'correct horse battery', 'Grace');
  const link = linkIn(await latestMail(request, email, /verification/i), '/verify-email');
  // A mail scanner fetches the link: its GET uses nothing up.
  expect((await request.get(link.pathname + link.search)).status()).toBe(200);

  await page.goto(`${link.pathname}?email=${encodeURIComponent(email)}&code=000000`);
  await expect(page.getByRole('alert').filter({ hasText: 'Validation failed.' })).toBeVisible();
  await expect(page.getByText('Verification code is invalid or has expired')).toBeVisible();
  // The address lost the code, so Back or a reload never sends it again; the field is there to type one.
  expect(new URL(page.url()).searchParams.has('code')).toBe(false);
  const field = page.getByLabel('Verification code');
  await field.fill(link.searchParams.get('code')!);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a wrong verification code reads "Validation failed." with what to do, and the code field says why', async ({ page }) => {
  await page.goto(`/verify-email?email=${encodeURIComponent(uniqueEmail('wrong-code'))}`);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Validation failed.' })).toHaveText(
    'Validation failed. Check the email address and the 6-digit code, or ask for a new code below.',
  );
  await expect(page.getByText('Verification code is invalid or has expired')).toBeVisible();
});

test('the mailed link opened again says the address is already verified and sends the member on', async ({ page, request }) => {
  const email = uniqueEmail('link-twice');
  await register(page, email, 'correct horse battery', 'Grace');
  const link = linkIn(await latestMail(request, email, /verification/i), '/verify-email');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/onboarding$/);

  // Signed in: sent on, never told the used code is wrong.
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/onboarding(\?|$)/);
  await expect(page.getByText('Validation failed.')).toHaveCount(0);

  // Signed out: sent to sign in, told why.
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/sign-in\?notice=already-verified-sign-in$/);
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Your email address is already verified. Sign in to continue.' })).toBeVisible();
  await expect(page.getByText('Validation failed.')).toHaveCount(0);
});

test('the digest checkbox hint on the register page reads at the size of the other hints', async ({ page }) => {
  await page.goto('/register');
  const fontSize = (text: string) => page.getByText(text).evaluate((element) => getComputedStyle(element).fontSize);
  const digest = await fontSize('Optional: a summary of what you missed, by email.');
  expect(digest).toBe(await fontSize('We will send a 6-digit code to confirm it.'));
  expect(digest).toBe('14px');
});
