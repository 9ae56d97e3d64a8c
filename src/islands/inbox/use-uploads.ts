/**
 * The composer's attachments: checked first (kind, 10 MB, 5 per message), then uploaded at
 * once through POST /upload/attachment with progress; each chip can be removed. The
 * message sends the stored ids. One choice's problems replace the last one's: choosing
 * files again clears the refusals and the chips whose upload failed, and `dismiss` clears
 * them too, so errors never pile up.
 */
import { useCallback, useRef, useState } from 'react';
import { checkAttachments } from '../../lib/inbox/files';
import type { Attachment } from '../../lib/inbox/types';
import { toAppError } from '../../lib/errors';
import { fileRefusal } from '../../lib/file-refusal';
import { inboxActions } from '../../lib/stores/inbox';

export interface UploadChip {
  key: number;
  name: string;
  size: number;
  progress: number;
  status: 'uploading' | 'done' | 'error';
  attachment: Attachment | null;
  error: string | null;
}

export function useUploads() {
  const [chips, setChips] = useState<UploadChip[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const nextKey = useRef(0);

  const update = useCallback((key: number, change: Partial<UploadChip>) => setChips((current) => current.map((chip) => (chip.key === key ? { ...chip, ...change } : chip))), []);

  const add = useCallback(
    (files: File[]) => {
      // Failed chips give their places back: the new choice replaces them.
      const kept = chips.filter((chip) => chip.status !== 'error');
      const { accepted, errors: refused } = checkAttachments(kept.length, files);
      setErrors(refused);
      const added = accepted.map((file) => ({
        file,
        chip: { key: ++nextKey.current, name: file.name, size: file.size, progress: 0, status: 'uploading' as const, attachment: null, error: null },
      }));
      setChips((current) => [...current.filter((chip) => chip.status !== 'error'), ...added.map(({ chip }) => chip)]);
      for (const { file, chip } of added) {
        inboxActions
          .uploadAttachment(file, (percent) => update(chip.key, { progress: Math.min(99, Math.round(percent)) }))
          .then((attachment) => update(chip.key, { status: 'done', progress: 100, attachment }))
          .catch((cause: unknown) => {
            const error = toAppError(cause);
            update(chip.key, { status: 'error', error: fileRefusal(error, 'attachment', (field) => field === 'file') ?? error.message });
          });
      }
    },
    [chips, update],
  );

  const remove = useCallback((key: number) => setChips((current) => current.filter((chip) => chip.key !== key)), []);
  /** The member closed the problems: the refusals go, with the chips whose upload failed. */
  const dismiss = useCallback(() => {
    setErrors([]);
    setChips((current) => current.filter((chip) => chip.status !== 'error'));
  }, []);
  const clear = useCallback(() => {
    setChips([]);
    setErrors([]);
  }, []);

  const uploading = chips.some((chip) => chip.status === 'uploading');
  const ready = chips.filter((chip) => chip.status === 'done' && chip.attachment).map((chip) => chip.attachment!);
  const failed = chips.some((chip) => chip.status === 'error');
  return { chips, errors, add, remove, dismiss, clear, uploading, ready, failed };
}
