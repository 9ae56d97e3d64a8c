/**
 * The dialogs connection buttons open, on the island's DialogsProvider (src/islands/ui/dialogs.tsx):
 * a confirmation, the note of a connection request, and the report form.
 */
import { useMemo } from 'react';
import type { MemberCard } from '../../lib/members/types';
import { useDialogs, type DialogsApi } from '../ui/dialogs';
import { connectionsActions } from '../../lib/stores/connections';
import { ReportForm } from '../ui/ReportForm';
import { ConnectForm } from './DialogForms';

export interface MemberDialogs extends DialogsApi {
  /** The note to send with a request ('' for none), or null when cancelled. */
  askNote(member: MemberCard): Promise<string | null>;
  /** Opens the report form; settles when it closes (the form sends the report itself). */
  report(member: MemberCard): Promise<void>;
}

/** The island's dialogs with the connections' own. */
export function useMemberDialogs(): MemberDialogs {
  const dialogs = useDialogs();
  return useMemo<MemberDialogs>(
    () => ({
      ...dialogs,
      askNote: (member) =>
        dialogs.ask<string>({
          title: `Connect with ${member.name}`,
          description: "Say where you met or why you'd like to connect. A short note makes a request easier to accept.",
          render: (finish) => <ConnectForm onSend={(note) => finish(note)} onCancel={() => finish(null)} />,
        }),
      report: async (member) => {
        await dialogs.ask<never>({
          title: `Report ${member.name}`,
          description: 'Reports go to the FounderMesh team and stay private: the member is not told who reported them.',
          render: (finish) => <ReportForm send={(reason, details) => connectionsActions.report(member, reason, details)} onDone={() => finish(null)} />,
        });
      },
    }),
    [dialogs],
  );
}
