/**
 * Members with finished profiles for the profile-page and profile-views browser tests:
 * registered through POST /api/register, verified with the mailed code, onboarded with a
 * multipart POST through the session proxy (the browser's own door), each in a browser
 * context of their own so several members act side by side.
 */
import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, latestMail, uniqueEmail } from './support';

export const PASSWORD = 'profiles-e2e-password';

export interface Stack {
  browser: Browser;
  baseURL: string;
  headers: Record<string, string>;
}

export interface Member {
  id: string;
  email: string;
  slug: string;
  name: string;
  memberType: 'founder' | 'advisor';
  context: BrowserContext;
  page: Page;
}

/** Calls the API as `member` through the session proxy. */
export function api(member: Pick<Member, 'context'>, baseURL: string, method: string, path: string, data?: unknown) {
  return member.context.request.fetch(`/api/session/${path}`, { method, data, headers: { origin: baseURL } });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (8-bit RGB), for pictures that pass the API's byte checks. */
export function png(width: number, height: number, rgb: [number, number, number] = [120, 130, 240]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

type FormValue = string | string[] | { name: string; type: string; bytes: Buffer };

/** A multipart form: lists as the key repeated, files as Blobs. */
function formOf(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return form;
}

/** A fresh verified member of `memberType`, signed in within a context of their own (not onboarded yet). */
export async function registerMember(stack: Stack, firstName: string, memberType: 'founder' | 'advisor' = 'founder'): Promise<Omit<Member, 'slug'>> {
  const context = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers });
  const email = uniqueEmail(firstName.toLowerCase());
  const registered = await context.request.post('/api/register', {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD, memberType, agreement: true, subscription: true },
    headers: { origin: stack.baseURL },
  });
  expect(registered.ok()).toBe(true);
  const code = (await latestMail(context.request, email, /verification/i)).subject.match(/\d{6}/)![0];
  const verified = await context.request.post('/api/session/auth/verify-email', { data: { email, code }, headers: { origin: stack.baseURL } });
  expect(verified.ok()).toBe(true);
  const me = (await (await context.request.get('/api/session/auth/me')).json()) as { _id: string };
  return { id: me._id, email, name: `${firstName} Tester`, memberType, context, page: await context.newPage() };
}

/** Completes onboarding with `fields` (defaults fill what the form requires); answers the member with their slug. */
export async function onboard(stack: Stack, member: Omit<Member, 'slug'>, fields: Record<string, FormValue> = {}): Promise<Member> {
  const [firstName] = member.name.split(' ');
  const required: Record<string, FormValue> =
    member.memberType === 'founder'
      ? { firstName: firstName!, lastName: 'Tester', technical: 'true', skills: ['engineering'], commitment: 'full-time', ideaStage: 'idea' }
      : { name: member.name, expertise: ['fundraising'], helpTypes: ['mentoring'] };
  const response = await member.context.request.post(`/api/session/${member.memberType}/onboarding`, {
    multipart: formOf({ ...required, ...fields }),
    headers: { origin: stack.baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { profile } = (await response.json()) as { profile: { slug: string } };
  return { ...member, slug: profile.slug };
}

/** A registered, onboarded founder (or advisor). */
export async function newMember(stack: Stack, firstName: string, memberType: 'founder' | 'advisor' = 'founder', fields: Record<string, FormValue> = {}): Promise<Member> {
  return onboard(stack, await registerMember(stack, firstName, memberType), fields);
}

/** The address of a member's public profile. */
export const profileHref = (member: Pick<Member, 'memberType' | 'slug'>) => `/${member.memberType}/${member.slug}`;
