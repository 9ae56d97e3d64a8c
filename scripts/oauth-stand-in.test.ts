import { afterAll, describe, expect, it } from 'vitest';
import { startOAuthStandIn } from './lib/oauth-stand-in.mjs';

describe('npm run start:social', () => {
  let standIn: { url: string; close(): Promise<void> } | undefined;
  afterAll(() => standIn?.close());

  it('starts the loopback provider from plain Node and it answers OpenID discovery', async () => {
    standIn = await startOAuthStandIn(0);
    expect(standIn!.url).toMatch(/^http:\/\/localhost:\d+$/);
    const discovery = (await (await fetch(`${standIn!.url.replace('localhost', '127.0.0.1')}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(standIn!.url);
  });
});
