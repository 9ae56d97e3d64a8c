/**
 * The message form and the upload form after their schemas (openapi.ts) → what sending
 * and storing take: every file judged by its bytes (files.ts), its problems named by
 * field (`mediaFiles.1`, `file`) with the worst one's status (413 too big, 415 not an
 * allowed type). Pure code, so it is tested without HTTP.
 */
import { fieldError, type FieldErrors } from '../errors';
import type { NamedFile } from './attachments';
import { checkAttachment, cleanFileName, type FileProblem } from './files';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import type { MessageFormFields } from './openapi';

/** The message form: new files and ids of the caller's earlier uploads, in the order sent. */
export type MessageForm = {
  body: string;
  to: string | undefined;
  connectionId: string | undefined;
  replyTo: string | undefined;
  media: Array<{ file: NamedFile } | { uploadId: string }>;
};

/** The worst of the file problems decides the status: 413 over 415 over 400. */
function fileError(problems: Array<FileProblem & { field: string }>): never {
  const status = problems.some((p) => p.status === 413) ? 413 : problems.some((p) => p.status === 415) ? 415 : 400;
  const fields: FieldErrors = Object.fromEntries(problems.map((p) => [p.field, p.problem]));
  const message = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  throw fieldError(status, message, fields);
}

/** Reads one uploaded file part by its bytes. */
async function readFile(part: File): Promise<{ file: NamedFile } | FileProblem> {
  const checked = await checkAttachment(new Uint8Array(await part.arrayBuffer()));
  return 'file' in checked ? { file: { ...checked.file, name: cleanFileName(part.name) } } : checked;
}

/** Reads the files of a validated message form; the sending rules that need the database are send.ts's. */
export async function readMessageForm(fields: MessageFormFields): Promise<MessageForm> {
  const media: MessageForm['media'] = [];
  const problems: Array<FileProblem & { field: string }> = [];
  for (const [index, part] of fields.mediaFiles.entries()) {
    if ('uploadId' in part) {
      media.push(part);
      continue;
    }
    const read = await readFile(part.file);
    if ('file' in read) media.push(read);
    else problems.push({ ...read, field: `mediaFiles.${index}` });
  }
  if (problems.length > 0) fileError(problems);
  const body = fields.body ?? '';
  if (!body.trim() && media.length === 0) throw fieldError(400, M.emptyMessage, { body: M.emptyMessage });
  return { body: body.trim(), to: fields.to, connectionId: fields.connectionId, replyTo: fields.replyTo, media };
}

/** Reads the upload form's one file by its bytes. */
export async function readUploadForm(file: File): Promise<NamedFile> {
  const read = await readFile(file);
  if ('file' in read) return read.file;
  throw fieldError(read.status, `file: ${read.problem}`, { file: read.problem });
}
