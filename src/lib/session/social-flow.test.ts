import { describe, expect, it } from 'vitest';
import { createFakeCookieJar } from './fake-cookie-jar';
import { continueTo, keepSocialFlow, peekSocialFlow, SOCIAL_FLOW_COOKIE, socialFailureNotice, socialProvider, takeSocialFlow, type SocialFlow } from './social-flow';

const url = new URL('https://foundermesh.app/auth/start?provider=google');
const flow: SocialFlow = { provider: 'google', state: 's'.repeat(43), codeVerifier: 'v'.repeat(43), intent: 'sign-in', memberType: 'advisor' };

describe('the social sign-in flow cookie', () => {
  it('is HttpOnly, Secure, SameSite=Lax, scoped to /auth/ and lives ten minutes', () => {
    const jar = createFakeCookieJar();
    keepSocialFlow(jar.jar, url, flow);
    expect(jar.set.get(SOCIAL_FLOW_COOKIE)?.options).toEqual({ httpOnly: true, secure: true, sameSite: 'lax', path: '/auth/', maxAge: 600 });
  });

  it('is read once, for the provider that started it', () => {
    const jar = createFakeCookieJar({ [SOCIAL_FLOW_COOKIE]: JSON.stringify(flow) });
    expect(takeSocialFlow(jar.jar, url, 'google')).toEqual(flow);
    expect(jar.deleted.has(SOCIAL_FLOW_COOKIE)).toBe(true);
    expect(takeSocialFlow(jar.jar, url, 'google')).toBeNull();
  });

  it('can be looked at without being used', () => {
    const jar = createFakeCookieJar({ [SOCIAL_FLOW_COOKIE]: JSON.stringify(flow) });
    expect(peekSocialFlow(jar.jar, 'google')).toEqual(flow);
    expect(jar.deleted.size).toBe(0);
    expect(takeSocialFlow(jar.jar, url, 'google')).toEqual(flow);
  });

  it('refuses a flow started for another provider, an unreadable one, and none', () => {
    expect(takeSocialFlow(createFakeCookieJar({ [SOCIAL_FLOW_COOKIE]: JSON.stringify(flow) }).jar, url, 'github')).toBeNull();
    expect(takeSocialFlow(createFakeCookieJar({ [SOCIAL_FLOW_COOKIE]: '{not json' }).jar, url, 'google')).toBeNull();
    expect(takeSocialFlow(createFakeCookieJar({ [SOCIAL_FLOW_COOKIE]: JSON.stringify({ ...flow, intent: 'admin' }) }).jar, url, 'google')).toBeNull();
    expect(takeSocialFlow(createFakeCookieJar().jar, url, 'google')).toBeNull();
  });

  it('names only the three providers', () => {
    expect(['google', 'linkedin', 'github', 'facebook', null].map(socialProvider)).toEqual(['google', 'linkedin', 'github', null, null]);
  });

  it('turns the API reasons into notices, anything else into Social login failed', () => {
    expect(['access_denied', 'email_not_verified', 'identity_taken', 'provider_linked', 'state_mismatch', undefined].map(socialFailureNotice)).toEqual([
      'social-denied',
      'social-unverified',
      'social-taken',
      'social-taken',
      'social-failed',
      'social-failed',
    ]);
  });
});

describe('the page the callback answers', () => {
  it('moves on to the path by itself, escaped, and is never cached', async () => {
    const response = continueTo('/sign-in?notice=social-failed&x="<b>');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/sign-in?notice=social-failed&#38;x=&#34;&#60;b&#62;">');
    expect(html).not.toContain('<b>');
  });
});
