/**
 * A modal built on the native <dialog> (showModal: the page behind is inert and Escape
 * closes it), its owner told it closed before the next key or click. Focus goes to the
 * element marked `data-autofocus` (or the first control) on opening and back to the control
 * that opened it on closing; when that control has gone meanwhile (its row left the list),
 * to `fallbackFocus`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Called once the dialog has closed (any way: a button, Escape) and focus is back. */
  onClosed: () => void;
  fallbackFocus?: () => HTMLElement | null;
  children: ReactNode;
}

export function Dialog({ open, title, description, onClosed, fallbackFocus, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const callbacks = useRef({ onClosed, fallbackFocus });
  callbacks.current = { onClosed, fallbackFocus };
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      const back = opener.current?.isConnected ? opener.current : callbacks.current.fallbackFocus?.();
      back?.focus();
      opener.current = null;
      callbacks.current.onClosed();
    };
    // Told by the open attribute, not the 'close' event: that event comes a task after the
    // dialog closed (Escape, the backdrop), when the browser has already put focus back on
    // the opener, and a key pressed there in between found the dialog still open to its
    // owner, so it did not open again. The observer runs before the next task.
    const observer = new MutationObserver(() => {
      if (!dialog.open) closed();
    });
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is the pointer's Escape, which a modal <dialog> handles itself
    <dialog
      ref={ref}
      className="ui-dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // A click on the backdrop (the dialog box itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className="ui-dialog-body">
        <h2 id={titleId} className="ui-dialog-title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="muted small">
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>
  );
}
