/**
 * Reads the message form and the upload form (multipart/form-data) into checked values.
 * Every file is judged by its bytes (files.ts); problems are named by field: `body`,
 * `to`, `connectionId`, `replyTo`, `mediaFiles` (413 too big, 415 not an allowed type),
 * `file` for the upload. Pure code over FormData, so it is tested without HTTP.
 */
import { ApiError, fieldError, invalidFields, type FieldErrors } from '../errors';
import { textField } from '../http/forms';
import { checkAttachment, cleanFileName, type FileProblem } from './files';
import type { NamedFile } from './attachments';
import { INBOX_MESSAGES as M } from './messages';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_MAX_ATTACHMENTS } from './schemas';

const ID = /^[0-9a-f]{24}$/;

/** The message form: new files and ids of the caller's earlier uploads, in the order sent. */
export type MessageForm = {
  body: string;
  to: string | undefined;
  connectionId: string | undefined;
  replyTo: string | undefined;
  media: Array<{ file: NamedFile } | { uploadId: string }>;
};

function id(form: FormData, key: string, errors: FieldErrors): string | undefined {
  const value = textField(form, key, errors)?.trim();
  if (!value) return undefined;
  if (!ID.test(value)) errors[key] = 'must be a 24-character id';
  return value;
}

/** The worst of the file problems decides the status: 413 over 415 over 400. */
function fileError(problems: Array<FileProblem & { field: string }>, errors: FieldErrors): ApiError {
  const status = problems.some((p) => p.status === 413) ? 413 : problems.some((p) => p.status === 415) ? 415 : 400;
  const fields = { ...errors, ...Object.fromEntries(problems.map((p) => [p.field, p.problem])) };
  const message = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return fieldError(status, message, fields);
}

/** Reads one uploaded file part by its bytes. */
async function readFile(part: File): Promise<{ file: NamedFile } | FileProblem> {
  const checked = checkAttachment(new Uint8Array(await part.arrayBuffer()));
  return 'file' in checked ? { file: { ...checked.file, name: cleanFileName(part.name) } } : checked;
}

/** Reads and checks the message form; the sending rules that need the database are send.ts's. */
export async function readMessageForm(form: FormData): Promise<MessageForm> {
  const errors: FieldErrors = {};
  const body = textField(form, 'body', errors) ?? '';
  if (body.length > MESSAGE_BODY_MAX_LENGTH) errors.body = `must be at most ${MESSAGE_BODY_MAX_LENGTH} characters`;
  const to = id(form, 'to', errors);
  const connectionId = id(form, 'connectionId', errors);
  const replyTo = id(form, 'replyTo', errors);
  if (!to && !connectionId && !errors.to && !errors.connectionId) errors.to = M.toOrThread;
  // A file input left empty still sends a part: an empty file with no name.
  const parts = form.getAll('mediaFiles').filter((part) => !(part instanceof File && part.size === 0 && !part.name) && part !== '');
  if (parts.length > MESSAGE_MAX_ATTACHMENTS) errors.mediaFiles = M.tooManyFiles(MESSAGE_MAX_ATTACHMENTS);
  const media: MessageForm['media'] = [];
  const problems: Array<FileProblem & { field: string }> = [];
  if (!errors.mediaFiles) {
    for (const [index, part] of parts.entries()) {
      const field = `mediaFiles.${index}`;
      if (typeof part === 'string') {
        if (ID.test(part.trim())) media.push({ uploadId: part.trim() });
        else errors[field] = M.notYourUpload;
        continue;
      }
      const read = await readFile(part);
      if ('file' in read) media.push(read);
      else problems.push({ ...read, field });
    }
  }
  if (problems.length > 0) throw fileError(problems, errors);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  if (!body.trim() && media.length === 0) throw fieldError(400, M.emptyMessage, { body: M.emptyMessage });
  return { body: body.trim(), to, connectionId, replyTo, media };
}

/** Reads the upload form's one `file`. */
export async function readUploadForm(form: FormData): Promise<NamedFile> {
  const part = form.get('file');
  if (!(part instanceof File) || (part.size === 0 && !part.name)) throw invalidFields({ file: M.fileRequired });
  const read = await readFile(part);
  if ('file' in read) return read.file;
  throw fieldError(read.status, `file: ${read.problem}`, { file: read.problem });
}
