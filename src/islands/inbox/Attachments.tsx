/**
 * A message's files: pictures as thumbnails opening full size in a new tab, videos with
 * their controls, PDFs as a file chip with the size. Every address goes through the session
 * proxy (`/api/session` + the attachment's url); only the two members can read them.
 */
import { attachmentKind, formatSize } from '../../lib/inbox/files';
import { attachmentHref } from '../../lib/inbox/paths';
import type { Attachment } from '../../lib/inbox/types';

/** The longest side of a thumbnail, in CSS pixels. */
const THUMB = 240;

function thumbSize({ width, height }: Attachment): { width: number; height: number } {
  if (!width || !height) return { width: THUMB, height: THUMB };
  const scale = Math.min(1, THUMB / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export function Attachments({ files }: { files: Attachment[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="ib-files" aria-label={files.length === 1 ? 'Attachment' : `${files.length} attachments`}>
      {files.map((file) => {
        const href = attachmentHref(file);
        const kind = attachmentKind(file.mime);
        return (
          <li key={file._id} className={`ib-file ib-file-${kind}`}>
            {kind === 'image' ? (
              <a href={href} target="_blank" rel="noopener" aria-label={`${file.name} (opens full size in a new tab)`}>
                <img src={href} alt={file.name} {...thumbSize(file)} loading="lazy" decoding="async" />
              </a>
            ) : kind === 'video' ? (
              <video src={href} controls preload="metadata" aria-label={file.name} {...thumbSize(file)} />
            ) : (
              <a className="ib-file-chip" href={href} target="_blank" rel="noopener">
                <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
                  <path d="M14 3v5h5" />
                </svg>
                <span className="ib-file-name">{file.name}</span>
                <span className="ib-file-size">{formatSize(file.size)}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
