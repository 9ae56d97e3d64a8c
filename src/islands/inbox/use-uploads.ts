/**
 * The composer's attachments: checked first (kind, 10 MB, 5 per message), then uploaded at
 * once through POST /upload/attachment with progress; each chip can be removed. The
 * message sends the stored ids.
 */
import { useCallback, useRef, useState } from 'react';
import { checkAttachments } from '../../lib/inbox/files';
import type { Attachment } from '../../lib/inbox/types';
import { toAppError } from '../../lib/errors';
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
      const { accepted, errors: refused } = checkAttachments(chips.length, files);
      setErrors(refused);
      const added = accepted.map((file) => ({
        file,
        chip: { key: ++nextKey.current, name: file.name, size: file.size, progress: 0, status: 'uploading' as const, attachment: null, error: null },
      }));
      setChips((current) => [...current, ...added.map(({ chip }) => chip)]);
      for (const { file, chip } of added) {
        inboxActions
          .uploadAttachment(file, (percent) => update(chip.key, { progress: Math.min(99, Math.round(percent)) }))
          .then((attachment) => update(chip.key, { status: 'done', progress: 100, attachment }))
          .catch((cause: unknown) => update(chip.key, { status: 'error', error: toAppError(cause).message }));
      }
    },
    [chips.length, update],
  );

  const remove = useCallback((key: number) => setChips((current) => current.filter((chip) => chip.key !== key)), []);
  const clear = useCallback(() => {
    setChips([]);
    setErrors([]);
  }, []);

  const uploading = chips.some((chip) => chip.status === 'uploading');
  const ready = chips.filter((chip) => chip.status === 'done' && chip.attachment).map((chip) => chip.attachment!);
  const failed = chips.some((chip) => chip.status === 'error');
  return { chips, errors, add, remove, clear, uploading, ready, failed };
}
