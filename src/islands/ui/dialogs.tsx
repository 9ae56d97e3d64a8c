/**
 * The dialogs connection buttons open, behind one promise-based API:
 * `if (await dialogs.confirm({...})) remove()`. One provider per island renders the one
 * dialog open at a time; the promise settles once the dialog has closed and focus is back
 * on the control that opened it, so what the action does next (a row leaving) starts from there.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MemberCard } from '../../lib/connections/types';
import { Dialog } from './Dialog';
import { ConnectForm, ReportForm } from './DialogForms';

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

export interface DialogsApi {
  /** True when confirmed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** The note to send with a request ('' for none), or null when cancelled. */
  askNote(member: MemberCard): Promise<string | null>;
  /** Opens the report form; settles when it closes (the form sends the report itself). */
  report(member: MemberCard): Promise<void>;
}

type Request =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (value: boolean) => void }
  | { kind: 'connect'; member: MemberCard; resolve: (value: string | null) => void }
  | { kind: 'report'; member: MemberCard; resolve: () => void };

const DialogsContext = createContext<DialogsApi | null>(null);

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs needs a <DialogsProvider> around it');
  return api;
}

export function DialogsProvider({ children, fallbackFocus }: { children: ReactNode; fallbackFocus?: () => HTMLElement | null }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [open, setOpen] = useState(false);
  /** What the open dialog will answer when it closes (nothing chosen: cancel). */
  const answer = useRef<unknown>(null);

  const show = useCallback((next: Request) => {
    answer.current = next.kind === 'confirm' ? false : null;
    setRequest(next);
    setOpen(true);
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      confirm: (options) => new Promise((resolve) => show({ kind: 'confirm', options, resolve })),
      askNote: (member) => new Promise((resolve) => show({ kind: 'connect', member, resolve })),
      report: (member) => new Promise((resolve) => show({ kind: 'report', member, resolve })),
    }),
    [show],
  );

  const finish = (value: unknown) => {
    answer.current = value;
    setOpen(false);
  };

  const closed = () => {
    const current = request;
    setRequest(null);
    if (!current) return;
    if (current.kind === 'confirm') current.resolve(answer.current === true);
    else if (current.kind === 'connect') current.resolve(typeof answer.current === 'string' ? answer.current : null);
    else current.resolve();
  };

  let dialog: ReactNode = null;
  if (request?.kind === 'confirm') {
    const { title, body, confirmLabel, danger } = request.options;
    dialog = (
      <Dialog open={open} title={title} description={body} onClosed={closed} fallbackFocus={fallbackFocus}>
        <div className="cx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => finish(false)} data-autofocus>
            Cancel
          </button>
          <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => finish(true)}>
            {confirmLabel}
          </button>
        </div>
      </Dialog>
    );
  } else if (request?.kind === 'connect') {
    dialog = (
      <Dialog
        open={open}
        title={`Connect with ${request.member.name}`}
        description="Say where you met or why you'd like to connect. A short note makes a request easier to accept."
        onClosed={closed}
        fallbackFocus={fallbackFocus}
      >
        <ConnectForm onSend={(note) => finish(note)} onCancel={() => finish(null)} />
      </Dialog>
    );
  } else if (request?.kind === 'report') {
    dialog = (
      <Dialog
        open={open}
        title={`Report ${request.member.name}`}
        description="Reports go to the FounderMesh team and stay private: the member is not told who reported them."
        onClosed={closed}
        fallbackFocus={fallbackFocus}
      >
        <ReportForm member={request.member} onDone={() => finish(null)} />
      </Dialog>
    );
  }

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {dialog}
    </DialogsContext.Provider>
  );
}
