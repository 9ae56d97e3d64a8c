/**
 * A refused file in a member's words. The API names the form field and the rule for API
 * clients (`file: must be a JPEG, PNG, WebP or GIF image…`, `media.0: must be at most
 * 10 MB`); a member reads what the file is not and what to choose instead.
 */
import { type AppError, fieldErrorsOf } from './errors';

/** What a control takes: a profile picture or banner, a post's media, a message's attachment. */
export type FileUse = 'picture' | 'postMedia' | 'attachment';

/** What to say of a file of the wrong kind, by what the control takes. */
export const WRONG_KIND: Record<FileUse, string> = {
  picture: "This file isn't a picture we can use: choose a JPEG, PNG or WebP.",
  postMedia: "This file isn't a picture or video we can use: choose a JPEG, PNG, WebP or GIF picture, or an MP4 or WebM video.",
  attachment: "This file isn't one we can attach: choose a picture (JPEG, PNG, WebP or GIF), a PDF, or an MP4 or WebM video.",
};

// The API's words for a file of the wrong kind start so (media/images.ts, media/post-media.ts, shared/inbox-messages.ts).
const WRONG_KIND_PROBLEM = /^must be (a file: )?a JPEG/;

/** One file problem of the API in a member's words: "must be at most 10 MB (an image)" → "This file is too large: it must be at most 10 MB (an image)." */
export function fileProblemText(problem: string, use: FileUse): string {
  if (WRONG_KIND_PROBLEM.test(problem)) return WRONG_KIND[use];
  const reason = problem.replace(/\.$/, '');
  return /^must be at most/.test(reason) ? `This file is too large: it ${reason}.` : `This file can't be used: it ${reason}.`;
}

/**
 * The member's words for a refusal that concerns files (fields `file`, `mediaFiles.N`,
 * `media.N`, or a 415/413 status), or null when the refusal is about something else.
 */
export function fileRefusal(error: AppError, use: FileUse, isFileField: (field: string) => boolean): string | null {
  const problems = Object.entries(fieldErrorsOf(error))
    .filter(([field]) => isFileField(field))
    .map(([, problem]) => problem);
  if (error.status === 415 || problems.some((problem) => WRONG_KIND_PROBLEM.test(problem))) return WRONG_KIND[use];
  if (problems.length > 0) return fileProblemText(problems[0]!, use);
  if (error.status === 413) return 'This file is too large to send. Choose a smaller one.';
  return null;
}
