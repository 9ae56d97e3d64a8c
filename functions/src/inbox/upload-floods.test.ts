import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../test/api';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import worker from '../index';
import { FLOOD_LIMITS, RATE_LIMITS } from '../rate-limit/policies';
import { rateLimiterBinding } from '../rate-limit/rate-limiter-binding';
import { storeUpload, sweepUnsentUploads } from './attachments';
import { connectedMembers, fileOf, formOf, pdfBytes, postForm, send, type Member } from './test-inbox';

const upload = (member: Member) => postForm('/upload/attachment', formOf({ file: fileOf(pdfBytes(), 'deck.pdf') }), member.jwt);
const ids = async (responses: Response[]) => Promise.all(responses.map(async (response) => (await bodyOf(response))._id as string));

/** Uploads `count` files one after the other; their ids (fails the test on a refusal). */
async function uploadMany(member: Member, count: number): Promise<string[]> {
  const responses: Response[] = [];
  for (let i = 0; i < count; i++) {
    const response = await upload(member);
    expect(response.status).toBe(201);
    responses.push(response);
  }
  return ids(responses);
}

/** Sends the uploads in messages of five. */
async function sendAll(from: Member, to: Member, uploads: string[]) {
  for (let i = 0; i < uploads.length; i += 5) expect((await send(from, { to: to.user.id, mediaFiles: uploads.slice(i, i + 5) })).status).toBe(201);
}

async function expectTooMany(response: Response, what: string) {
  expect(response.status).toBe(429);
  const body = await bodyOf(response);
  expect(body.message).toMatch(new RegExp(`^Too many ${what}\\. Please try again in \\d+ (minutes?|hours?)\\.$`));
  expect(response.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
  return body.data.retryAfter as number;
}

const row = (id: string) => env.DB.prepare('SELECT storage_key, message_id FROM attachments WHERE id = ?').bind(id).first<{ storage_key: string; message_id: string | null }>();

describe('unsent upload floods', () => {
  it(`holds at most ${FLOOD_LIMITS.pendingUploadsPerMember} unsent uploads per member; sending some frees their places`, async () => {
    const { a, b } = await connectedMembers();
    const held = await uploadMany(a, FLOOD_LIMITS.pendingUploadsPerMember);
    const retryAfter = await expectTooMany(await upload(a), 'files waiting to be sent');
    expect(retryAfter).toBeGreaterThan(86_000);
    // Another member is not affected; sending five frees five places.
    expect((await upload(b)).status).toBe(201);
    await sendAll(a, b, held.slice(0, 5));
    expect((await upload(a)).status).toBe(201);
  }, 60_000);

  it(`allows ${RATE_LIMITS.uploadsByMember.limit} uploads an hour, sent or not`, async () => {
    const { a, b } = await connectedMembers();
    const rounds = RATE_LIMITS.uploadsByMember.limit / FLOOD_LIMITS.pendingUploadsPerMember;
    for (let round = 0; round < rounds; round++) await sendAll(a, b, await uploadMany(a, FLOOD_LIMITS.pendingUploadsPerMember));
    expect(await expectTooMany(await upload(a), 'uploads')).toBeGreaterThan(3000);
  }, 120_000);

  it('removes every member’s day-old unsent uploads (rows and files) in the hourly sweep, keeping sent and fresh ones', async () => {
    const { a, b } = await connectedMembers();
    const file = { bytes: pdfBytes(), mime: 'application/pdf', extension: 'pdf', width: null, height: null, name: 'old.pdf' };
    const twoDaysAgo = fixedClock(new Date(Date.now() - 2 * 86_400_000));
    const old = await storeUpload({ db: db(env), clock: twoDaysAgo, media: env.MEDIA, limiter: rateLimiterBinding(env.RATE_LIMITER, twoDaysAgo) }, a.user.id, file);
    const oldKey = (await row(old._id))!.storage_key;
    const [fresh, sent] = await uploadMany(b, 2);
    await sendAll(b, a, [sent!]);

    const controller = createScheduledController({ scheduledTime: new Date(), cron: '17 * * * *' });
    const ctx = createExecutionContext();
    worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await row(old._id)).toBeNull();
    expect(await env.MEDIA.head(oldKey)).toBeNull();
    expect(await row(fresh!)).not.toBeNull();
    expect((await row(sent!))!.message_id).not.toBeNull();
    // Nothing older is left for a second sweep.
    expect(await sweepUnsentUploads({ db: db(env), clock: fixedClock(new Date()), media: env.MEDIA }, a.user.id)).toBe(0);
  });
});
