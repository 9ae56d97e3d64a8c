/**
 * The dialogs an island opens, behind one promise-based API:
 * `if (await dialogs.confirm({...})) remove()`. One provider per island renders the one
 * dialog open at a time; the promise settles once the dialog has closed and focus is back
 * on the control that opened it, so what the action does next (a row leaving) starts from there.
 * Areas build their own dialogs on `ask` (the connections' note and report forms:
 * src/islands/connections/member-dialogs.tsx).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

export interface AskOptions<T> {
  title: string;
  description: ReactNode;
  /** The dialog's content: it settles the dialog with `finish(value)` (null: nothing chosen). */
  render: (finish: (value: T | null) => void) => ReactNode;
}

export interface DialogsApi {
  /** True when confirmed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** What the dialog's content finished with, or null when it was closed otherwise (Escape, the backdrop). */
  ask<T>(options: AskOptions<T>): Promise<T | null>;
}

interface Request {
  options: AskOptions<unknown>;
  resolve: (value: unknown) => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

/** The dialogs of the island's `DialogsProvider`. */
export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs needs a <DialogsProvider> around it');
  return api;
}

/** Renders the island's open dialog; `fallbackFocus` takes focus when the control that opened it has gone. */
export function DialogsProvider({ children, fallbackFocus }: { children: ReactNode; fallbackFocus?: () => HTMLElement | null }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [open, setOpen] = useState(false);
  /** What the open dialog will answer when it closes (nothing chosen: null). */
  const answer = useRef<unknown>(null);

  const ask = useCallback(<T,>(options: AskOptions<T>) => {
    return new Promise<T | null>((resolve) => {
      answer.current = null;
      setRequest({ options: options as AskOptions<unknown>, resolve: resolve as (value: unknown) => void });
      setOpen(true);
    });
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      ask,
      confirm: async ({ title, body, confirmLabel, danger }) =>
        (await ask<boolean>({
          title,
          description: body,
          render: (finish) => (
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => finish(false)} data-autofocus>
                Cancel
              </button>
              <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => finish(true)}>
                {confirmLabel}
              </button>
            </div>
          ),
        })) === true,
    }),
    [ask],
  );

  const finish = (value: unknown) => {
    answer.current = value;
    setOpen(false);
  };

  const closed = () => {
    const current = request;
    setRequest(null);
    current?.resolve(answer.current);
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {request && (
        <Dialog open={open} title={request.options.title} description={request.options.description} onClosed={closed} fallbackFocus={fallbackFocus}>
          {request.options.render(finish)}
        </Dialog>
      )}
    </DialogsContext.Provider>
  );
}
