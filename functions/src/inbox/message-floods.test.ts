import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../test/api';
import { RATE_LIMITS } from '../rate-limit/policies';
import { connectedMembers, send } from './test-inbox';

describe('message floods', () => {
  it(`take ${RATE_LIMITS.messagesByMember.limit} messages a minute from a member; one more answers 429 with Retry-After`, async () => {
    const { a, b } = await connectedMembers();
    const { limit } = RATE_LIMITS.messagesByMember;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, (_, n) => send(a, { to: b.user.id, body: `Flood ${n}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(limit);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    const body = await bodyOf(refused[0]!);
    expect(body.message).toBe('Too many messages. Please try again in 1 minute.');
    expect(refused[0]!.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
    // The other member is not held back.
    expect((await send(b, { to: a.user.id, body: 'Still here' })).status).toBe(201);
  }, 60_000);
});
