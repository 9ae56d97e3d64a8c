/**
 * What a message may carry, judged by the file's BYTES and never by its name or declared
 * type: JPEG, PNG and WebP images (metadata stripped by media/images.ts, with their size),
 * GIFs, PDFs (`%PDF-` at the start) and MP4 or WebM videos (read whole and stored without
 * their metadata by media/video-strip.ts). Domain code.
 */
import { checkImage, IMAGE_PROBLEMS } from '../media/images';
import { readGifInfo, readVideoInfo } from '../media/video';
import { stripVideo, VIDEO_UNREADABLE } from '../media/video-strip';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { ATTACHMENT_MAX_BYTES } from '../shared/inbox-limits';

/** A checked file, ready to store. */
export type CheckedFile = { bytes: Uint8Array; mime: string; extension: string; width: number | null; height: number | null };

/** Why a file is refused: 413 too big, 415 not an allowed type, 400 otherwise (empty, too many pixels). */
export type FileProblem = { status: 400 | 413 | 415; problem: string };

const MAX_SIDE = 20_000;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const isPdf = (bytes: Uint8Array) => bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => bytes[i] === byte);

/** Checks one file's bytes: the file to store, or the problem (its status and the words for the field). */
export async function checkAttachment(bytes: Uint8Array): Promise<{ file: CheckedFile } | FileProblem> {
  if (bytes.length === 0) return { status: 400, problem: M.fileRequired };
  if (bytes.length > ATTACHMENT_MAX_BYTES) return { status: 413, problem: M.fileTooBig(ATTACHMENT_MAX_BYTES / 1024 / 1024) };
  if (isPdf(bytes)) return { file: { bytes, mime: 'application/pdf', extension: 'pdf', width: null, height: null } };
  if (readVideoInfo(bytes)) {
    const video = await stripVideo(bytes);
    if (!video) return { status: 400, problem: VIDEO_UNREADABLE };
    return { file: { bytes: video.bytes, mime: video.contentType, extension: video.extension, width: null, height: null } };
  }
  const gif = readGifInfo(bytes);
  if (gif) return { file: { bytes, mime: 'image/gif', extension: 'gif', width: gif.width, height: gif.height } };
  const checked = checkImage(bytes, { maxBytes: ATTACHMENT_MAX_BYTES, maxSide: MAX_SIDE, minWidth: 1, minHeight: 1 });
  if ('problem' in checked) return checked.problem === IMAGE_PROBLEMS.type ? { status: 415, problem: M.fileType } : { status: 400, problem: checked.problem };
  const { image } = checked;
  return { file: { bytes: image.bytes, mime: image.contentType, extension: image.extension, width: image.width, height: image.height } };
}

const NAME_MAX = 150;

/**
 * The name to keep for an upload: the last path segment, without control characters,
 * at most NAME_MAX characters (the extension kept), `attachment` when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const name = last.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (!name) return 'attachment';
  if (name.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, NAME_MAX - extension.length) + extension;
}

/** A name for downloading: its extension is the one of the stored type (a `.png` name on a PDF ends `.pdf`). */
export function downloadName(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'attachment'}.${extension}`;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/**
 * The Content-Disposition of a stored file: inline for pictures and videos, a download for
 * anything else, with an ASCII fallback name and the UTF-8 one (RFC 6266 / 8187).
 */
export function contentDisposition(name: string, mime: string): string {
  const inline = mime.startsWith('image/') || mime.startsWith('video/');
  const full = downloadName(name, EXTENSIONS[mime] ?? 'bin');
  const ascii = full.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
