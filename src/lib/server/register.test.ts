import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeApi } from './fake-api';
import { missingConsents, registerMember } from './register';

const fields = { firstName: 'Lin', lastName: 'Chen', email: 'lin@example.com', password: 'a long password', memberType: 'founder' };

describe('missingConsents', () => {
  test('names a falsy agreement; the digest opt-in is never missing', () => {
    expect(missingConsents({ agreement: true, subscription: false })).toEqual([]);
    expect(missingConsents({ agreement: '', subscription: 0 })).toEqual(['agreement']);
    expect(missingConsents({ agreement: 'on', subscription: true })).toEqual([]);
  });
});

describe('registerMember', () => {
  test('refuses without calling the API when the terms are not accepted, naming them in data.fields', async () => {
    const api = createFakeApi();
    const result = await registerMember({ ...fields, subscription: true }, { fetchApi: api.fetchApi });
    expect(api.received).toHaveLength(0);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.status).toBe(400);
      expect(result.error.message).toBe('agreement: must be accepted');
      expect(result.error.data).toEqual({ fields: { agreement: 'must be accepted' } });
    }
  });

  test('posts the fields with the agreement and the digest opt-in to /users/register and reports success', async () => {
    const api = createFakeApi(() => Response.json({ message: 'Account created.', user: {} }, { status: 201 }));
    const result = await registerMember({ ...fields, agreement: 'on', subscription: 'on' }, { fetchApi: api.fetchApi, clientIp: '198.51.100.2' });
    expect(result).toEqual({ ok: true });
    expect(api.received[0].url.pathname).toBe('/users/register');
    expect(JSON.parse(api.received[0].body)).toEqual({ ...fields, agreement: true, subscription: true });
    expect(api.received[0].headers.get('cf-connecting-ip')).toBe('198.51.100.2');
  });

  test('registers without the digest: the box left unticked is sent as false', async () => {
    const api = createFakeApi(() => Response.json({ message: 'Account created.', user: {} }, { status: 201 }));
    expect(await registerMember({ ...fields, agreement: 'on' }, { fetchApi: api.fetchApi })).toEqual({ ok: true });
    expect(JSON.parse(api.received[0].body)).toEqual({ ...fields, agreement: true, subscription: false });
  });

  test('a "false" or "0" sent for the digest is no opt-in', async () => {
    for (const subscription of ['false', '0', 'no']) {
      const api = createFakeApi(() => Response.json({ message: 'Account created.', user: {} }, { status: 201 }));
      await registerMember({ ...fields, agreement: 'on', subscription }, { fetchApi: api.fetchApi });
      expect(JSON.parse(api.received[0].body).subscription, subscription).toBe(false);
    }
  });

  test('returns the server error body and status when the API refuses', async () => {
    const api = createFakeApi(() =>
      Response.json({ message: 'An account with this email already exists.', status: 409, data: { fields: { email: 'is already registered' } } }, { status: 409 }),
    );
    const result = await registerMember({ ...fields, agreement: true, subscription: true }, { fetchApi: api.fetchApi });
    expect(!result.ok && [result.error.message, result.error.status]).toEqual(['An account with this email already exists.', 409]);
  });
});
