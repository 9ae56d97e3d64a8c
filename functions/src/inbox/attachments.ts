/**
 * Attachments in R2 under `attachments/<random>.<ext>` (never served by /media: only the
 * two members of the thread read them, through GET /connections/attachments/{id}).
 * Uploaded ahead of the message (POST /upload/attachment: owned by the uploader, unsent)
 * or with it. Unsent uploads are limited (docs/security.md "Floods"): so many an hour and
 * so many held at once per member; a day-old one is removed the next time its owner
 * uploads, and by the hourly sweep (`sweepUnsentUploads`, the worker's scheduled handler).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { MessageFile } from '../ports/inbox';
import { newId } from '../db/ids';
import { attachments } from '../db/schema';
import { blockedWith } from '../members/blocks';
import { ApiError } from '../errors';
import { enforceLimits, FLOOD_LIMITS, tooManyAttempts } from '../rate-limit/policies';
import { deleteOwnKeys, putUnderFreshKeys } from '../media/r2-objects';
import { contentDisposition, type CheckedFile } from './files';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import type { Attachment } from './schemas';
import { toAttachment } from './wire';

export type FileDeps = Pick<Deps, 'db' | 'clock'> & { media: R2Bucket };

/** A checked file with the name it was sent under. */
export type NamedFile = CheckedFile & { name: string };

/** An attachments row before it is stored (message and position set by the caller). */
export type StoredFile = { id: string; storageKey: string; name: string; mime: string; size: number; width: number | null; height: number | null };

/** How long an upload waits for its message before it is removed. */
export const UNSENT_KEEP_MS = 86_400_000;
const FOLDER = 'attachments';

/** Puts the files in R2 (in parallel); answers their rows-to-be, in order. */
export async function putFiles(bucket: R2Bucket, files: readonly NamedFile[]): Promise<StoredFile[]> {
  const keys = await putUnderFreshKeys(
    bucket,
    FOLDER,
    files.map((file) => ({ bytes: file.bytes, extension: file.extension, contentType: file.mime })),
  );
  return files.map((file, index) => ({
    id: newId(),
    storageKey: keys[index]!.key,
    name: file.name,
    mime: file.mime,
    size: file.bytes.length,
    width: file.width,
    height: file.height,
  }));
}

/** Deletes stored attachment objects (only keys of ours). */
export function deleteFiles(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  return deleteOwnKeys(bucket, FOLDER, keys);
}

const wireOf = (file: StoredFile): Attachment => toAttachment({ id: file.id, name: file.name, mime: file.mime, size: file.size, width: file.width, height: file.height });

/** Removes unsent uploads older than a day (of one owner, or everyone's); answers how many. */
export async function sweepUnsentUploads(deps: FileDeps, ownerId: string | null = null): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNSENT_KEEP_MS).toISOString();
  const stale = await deps.db.all<{ storage_key: string }>(sql`
    DELETE FROM attachments WHERE message_id IS NULL AND created_at < ${cutoff} ${ownerId === null ? sql`` : sql`AND owner_id = ${ownerId}`}
    RETURNING storage_key`);
  await deleteFiles(
    deps.media,
    stale.map((row) => row.storage_key),
  );
  return stale.length;
}

/** Refuses (429) an upload past the hourly limit, or while the member holds the most unsent ones allowed. */
async function limitUploads(deps: FileDeps & Pick<Deps, 'limiter'>, ownerId: string, now: Date): Promise<void> {
  await enforceLimits(deps.limiter, [['uploadsByMember', ownerId]], 'uploads');
  const [held] = await deps.db.all<{ n: number; oldest: string | null }>(sql`
    SELECT count(*) AS n, min(created_at) AS oldest FROM attachments WHERE owner_id = ${ownerId} AND message_id IS NULL`);
  if (held && held.n >= FLOOD_LIMITS.pendingUploadsPerMember && held.oldest) {
    // The oldest one is removed a day after it was made, unless a message sends it sooner.
    const seconds = Math.max(1, Math.ceil((Date.parse(held.oldest) + UNSENT_KEEP_MS - now.getTime()) / 1000));
    throw tooManyAttempts(seconds, 'files waiting to be sent');
  }
}

/** Stores an upload for a later message (POST /upload/attachment), within the limits; answers it. */
export async function storeUpload(deps: FileDeps & Pick<Deps, 'limiter'>, ownerId: string, file: NamedFile): Promise<Attachment> {
  const now = deps.clock.now();
  await sweepUnsentUploads(deps, ownerId);
  await limitUploads(deps, ownerId, now);
  const [stored] = await putFiles(deps.media, [file]);
  try {
    await deps.db.insert(attachments).values({ ...stored!, ownerId, messageId: null, position: 0, createdAt: now.toISOString() });
  } catch (error) {
    await deleteFiles(deps.media, [stored!.storageKey]);
    throw error;
  }
  return wireOf(stored!);
}

/** Which of `ids` are the caller's unsent uploads (others' uploads and sent files are not). */
export async function unsentUploads(deps: Pick<Deps, 'db'>, ownerId: string, ids: readonly string[]): Promise<Map<string, MessageFile>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db.all<MessageFile>(sql`
    SELECT id, name, mime, size, width, height FROM attachments
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND owner_id = ${ownerId} AND message_id IS NULL`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A stored file ready to answer: its R2 object and the headers to send it with. */
export type AttachmentFile = { body: ReadableStream | null; status: 200 | 304; headers: Headers };

/**
 * An attachment's bytes for one of the two members of its thread, or for its uploader
 * while it is unsent; 404 for anyone else, when a block hides the thread, or once the
 * message was deleted. `conditional` (the request's headers) answers 304 for a matching ETag.
 */
export async function attachmentFile(deps: Pick<Deps, 'db'> & { media: R2Bucket }, viewerId: string, id: string, conditional?: Headers): Promise<AttachmentFile> {
  const [row] = await deps.db.all<{ storage_key: string; name: string; mime: string }>(sql`
    SELECT a.storage_key, a.name, a.mime FROM attachments a
    WHERE a.id = ${id} AND (
      (a.message_id IS NULL AND a.owner_id = ${viewerId})
      OR (a.message_id IS NOT NULL AND ${viewerId} IN (a.owner_id, a.to_id)
          AND coalesce(CASE WHEN a.owner_id = ${viewerId} THEN a.to_id ELSE a.owner_id END, '') NOT IN ${blockedWith(viewerId)}))`);
  if (!row) throw new ApiError(404, M.attachmentNotFound);
  const object = await deps.media.get(row.storage_key, conditional ? { onlyIf: conditional } : undefined);
  if (!object) throw new ApiError(404, M.attachmentNotFound);
  const headers = new Headers({
    'content-type': row.mime,
    'content-disposition': contentDisposition(row.name, row.mime),
    'x-content-type-options': 'nosniff',
    // Private to the two members; revalidated each time so a deleted message's file stops being shown.
    'cache-control': 'private, no-cache',
    etag: object.httpEtag,
    'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
  if (!('body' in object)) return { body: null, status: 304, headers };
  headers.set('content-length', String(object.size));
  return { body: object.body, status: 200, headers };
}
