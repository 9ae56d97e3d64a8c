/**
 * The state of a profile form: its values, its field errors (a changed field drops its
 * own), and focus moves that must wait until React has drawn the new state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProfileForm } from '../../lib/profiles/form-model';
import { withoutErrorsFor } from '../../lib/profiles/server-errors';
import type { FieldErrors } from '../../lib/profiles/validation';

export function useProfileForm<F extends ProfileForm>(initial: F) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const afterRender = useRef<(() => void) | null>(null);

  useEffect(() => {
    const run = afterRender.current;
    afterRender.current = null;
    run?.();
  });

  const update = useCallback((patch: Partial<ProfileForm>) => {
    setForm((current) => ({ ...current, ...patch }) as F);
    setErrors((current) => withoutErrorsFor(current, Object.keys(patch)));
  }, []);

  /** Runs `move` once the next render is on screen (focus a field that is about to appear). */
  const focusAfterRender = useCallback((move: () => void) => {
    afterRender.current = move;
  }, []);

  return { form, setForm, update, errors, setErrors, focusAfterRender };
}
