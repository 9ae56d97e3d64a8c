/**
 * Helpers for the posts tests: post forms sent as multipart, members with tokens, and
 * small media files (real PNGs from src/media/test-images.ts, MP4 and WebM headers).
 */
import { pngImage } from '../src/media/test-images';
import { sendForm } from '../src/profiles/test-forms';
import { bodyOf, call, type signedInMember } from './api';

export { mp4Bytes, TEST_LOCATION, testVideo, webmBytes } from '../src/media/test-videos';

export type Member = Awaited<ReturnType<typeof signedInMember>>;
type Value = string | string[] | File | File[] | null;

/** A post form by `member`: post_by is theirs unless overridden; `null` leaves a field out. */
export function postForm(member: Member, fields: Record<string, Value> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ post_by: member.user.id, ...fields })) {
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}

/** Publishes a post and answers the response. */
export const createPostAs = (member: Member, fields: Record<string, Value> = {}) => sendForm('POST', '/feed-post', postForm(member, fields), { token: member.jwt });

/** Edits a post and answers the response. */
export const editPostAs = (member: Member, postId: string, fields: Record<string, Value> = {}) =>
  sendForm('PUT', `/feed-post/${postId}`, postForm(member, fields), { token: member.jwt });

/** Publishes a post that must succeed; answers the FeedPost. */
export async function newPost(member: Member, fields: Record<string, Value> = { text: 'Hello, feed' }) {
  const response = await createPostAs(member, fields);
  if (response.status !== 201) throw new Error(`post failed: ${response.status} ${await response.text()}`);
  return bodyOf(response);
}

/** A PNG file part. */
export async function pngFile(width = 8, height = 8, name = 'picture.png'): Promise<File> {
  return new File([await pngImage(width, height)], name, { type: 'image/png' });
}

/** A JSON request as a member. */
export const asMember = (member: Member, method: string, path: string, body?: unknown) => call(method, path, body, { token: member.jwt });
