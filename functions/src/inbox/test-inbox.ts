/**
 * Helpers for the inbox tests: multipart requests through the real app, connected members,
 * sending and reading in one call, and small files of each kind.
 */
import { env } from 'cloudflare:workers';
import { bodyOf, call, defaultApp, get, post, uniqueIp } from '../../test/api';
import { block, connectedPair, del, put } from '../../test/connections';

export type Member = Awaited<ReturnType<typeof connectedPair>>['requester'];
type Part = string | Blob | File;

/** A form from fields; an array repeats the key (mediaFiles). */
export function formOf(fields: Record<string, Part | Part[] | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : value === undefined ? [] : [value]) form.append(key, part);
  }
  return form;
}

/** POSTs a multipart form as a member. */
export async function postForm(path: string, form: FormData, token: string): Promise<Response> {
  return defaultApp.request(path, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': uniqueIp() } }, env);
}

/** A file with these bytes and name (the type it declares is never trusted). */
export function fileOf(bytes: Uint8Array | string, name: string, type = 'application/octet-stream'): File {
  return new File([bytes], name, { type });
}

/** A tiny PDF. */
export const pdfBytes = (): Uint8Array => new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Two connected members: `a` asked, `b` accepted; and the connection id. */
export async function connectedMembers() {
  const pair = await connectedPair();
  return { a: pair.requester, b: pair.receiver, connectionId: pair.id };
}

/** Sends a message (fields as the form has them); answers the response. */
export function send(from: Member, fields: Record<string, Part | Part[] | undefined>): Promise<Response> {
  return postForm('/connections/messages', formOf(fields), from.jwt);
}

/** Sends a text from one member to another and answers the SentMessage (fails the test otherwise). */
export async function sendText(from: Member, to: Member, body: string, extra: Record<string, Part | Part[] | undefined> = {}) {
  const response = await send(from, { to: to.user.id, body, ...extra });
  if (response.status !== 201) throw new Error(`send answered ${response.status}: ${await response.text()}`);
  return bodyOf(response);
}

export const listOf = async (member: Member, query = '') => bodyOf(await get(`/connections${query}`, { token: member.jwt }));
export const unseen = async (member: Member) => (await bodyOf(await get('/connections/messages/unseen-count', { token: member.jwt }))).count as number;
export const openThread = (member: Member, userId: string) => post('/connections/threads', { userId }, { token: member.jwt });
export const removeConnection = (member: Member, connectionId: string) => del(`/connection/${connectionId}`, member.jwt);
export const deleteMessage = (member: Member, messageId: string) => call('DELETE', `/connections/deleteMessage/${messageId}`, undefined, { token: member.jwt });
export { block, put };

/** The header of a GIF of this size (enough for the byte check). */
export function gifBytes(width: number, height: number): Uint8Array {
  return new Uint8Array([...new TextEncoder().encode('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0, 0x3b]);
}
