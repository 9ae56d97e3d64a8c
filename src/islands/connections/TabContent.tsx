/** What each tab lists, how its rows read, what they offer, and what it says when empty. */
import type { ConnectionsState } from '../../lib/connections/state';
import { KEY_OF } from '../../lib/connections/state';
import type { TabKey } from '../../lib/connections/tabs';
import type { BlockedMember, Connection, MemberCard, Suggestion } from '../../lib/connections/types';
import { connectionsActions } from '../../lib/stores/connections';
import { useMemberDialogs } from './member-dialogs';
import { ListPanel } from './ListPanel';
import { MemberRow } from './MemberRow';
import type { MenuItem } from '../ui/RowMenu';
import { MessageLink } from './MessageLink';
import { RelationButtons, removeConfirmation } from './RelationButtons';

interface Props {
  tab: TabKey;
  state: ConnectionsState;
  now: number;
  mounted: boolean;
  onSelectTab: (tab: TabKey) => void;
}

export function TabContent({ tab, state, now, mounted, onSelectTab }: Props) {
  const dialogs = useMemberDialogs();
  const busy = (member: MemberCard) => (state.busy[member._id] ? true : undefined);
  const time = (iso: string) => ({ iso, now, exact: mounted });
  const retry = () => void connectionsActions.loadList(tab, { force: true });
  const more = () => void connectionsActions.loadMore(tab);

  const reportItem = (member: MemberCard): MenuItem => ({ label: 'Report', onSelect: () => void dialogs.report(member) });
  const menuFor = (member: MemberCard): MenuItem[] => [
    {
      label: 'Block',
      danger: true,
      onSelect: async () => {
        const confirmed = await dialogs.confirm({
          title: `Block ${member.name}?`,
          body: `Any request or connection between you ends. ${member.name} won't be able to find you, send you requests or message you, and is not told. You can unblock them later from the Blocked tab.`,
          confirmLabel: 'Block',
          danger: true,
        });
        if (confirmed) await connectionsActions.block(member);
      },
    },
    reportItem(member),
  ];

  switch (tab) {
    case 'received':
      return (
        <ListPanel<Connection>
          list={state.lists.received}
          heading="Requests you received"
          noun={['request', 'requests']}
          keyOf={KEY_OF.received}
          onRetry={retry}
          onMore={more}
          empty={{
            title: 'No requests waiting',
            body: 'When someone asks to connect, their request shows up here for you to accept or ignore.',
            action: { label: 'Find people to connect with', onClick: () => onSelectTab('suggestions') },
          }}
          renderItem={(item) => (
            <MemberRow
              member={item.member}
              context="Wants to connect"
              time={time(item.createdAt)}
              note={item.note}
              menu={menuFor(item.member)}
              actions={
                <>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    aria-label={`Accept request from ${item.member.name}`}
                    aria-disabled={busy(item.member)}
                    onClick={() => void connectionsActions.accept({ connectionId: item._id, member: item.member })}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Ignore request from ${item.member.name}`}
                    aria-disabled={busy(item.member)}
                    onClick={() => void connectionsActions.ignore({ connectionId: item._id, member: item.member })}
                  >
                    Ignore
                  </button>
                </>
              }
            />
          )}
        />
      );
    case 'sent':
      return (
        <ListPanel<Connection>
          list={state.lists.sent}
          heading="Requests you sent"
          noun={['request', 'requests']}
          keyOf={KEY_OF.sent}
          onRetry={retry}
          onMore={more}
          empty={{
            title: 'No requests on their way',
            body: 'Requests you send wait here until they are answered. You can withdraw one at any time.',
            action: { label: 'See suggestions', onClick: () => onSelectTab('suggestions') },
          }}
          renderItem={(item) => (
            <MemberRow
              member={item.member}
              context="Request sent"
              time={time(item.createdAt)}
              note={item.note}
              menu={menuFor(item.member)}
              actions={
                <>
                  <span className="cx-state">Pending</span>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Withdraw request to ${item.member.name}`}
                    aria-disabled={busy(item.member)}
                    onClick={() => void connectionsActions.withdraw({ connectionId: item._id, member: item.member })}
                  >
                    Withdraw
                  </button>
                </>
              }
            />
          )}
        />
      );
    case 'connections':
      return (
        <ListPanel<Connection>
          list={state.lists.connections}
          heading="Your connections"
          noun={['connection', 'connections']}
          keyOf={KEY_OF.connections}
          onRetry={retry}
          onMore={more}
          empty={{
            title: 'No connections yet',
            body: 'Accept a request or send one to someone from your suggestions: your connections gather here.',
            action: { label: 'See suggestions', onClick: () => onSelectTab('suggestions') },
          }}
          renderItem={(item) => (
            <MemberRow
              member={item.member}
              context="Connected"
              time={time(item.updatedAt)}
              menu={menuFor(item.member)}
              actions={
                <>
                  <MessageLink member={item.member} />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove ${item.member.name} from your connections`}
                    aria-disabled={busy(item.member)}
                    onClick={async () => {
                      if (await dialogs.confirm(removeConfirmation(item.member))) await connectionsActions.remove({ connectionId: item._id, member: item.member });
                    }}
                  >
                    Remove
                  </button>
                </>
              }
            />
          )}
        />
      );
    case 'suggestions':
      return (
        <ListPanel<Suggestion>
          list={state.lists.suggestions}
          heading="People you might want to meet"
          noun={['suggestion', 'suggestions']}
          keyOf={KEY_OF.suggestions}
          onRetry={retry}
          empty={{
            title: 'No suggestions right now',
            body: 'As more founders and advisors join and your network grows, people you might want to meet appear here.',
          }}
          renderItem={(item) => (
            <MemberRow
              member={item.member}
              chips={item.reasons}
              menu={menuFor(item.member)}
              actions={<RelationButtons memberId={item.member._id} entry={state.relations[item.member._id]} busy={Boolean(busy(item.member))} />}
            />
          )}
        />
      );
    case 'blocked':
      return (
        <ListPanel<BlockedMember>
          list={state.lists.blocked}
          heading="Members you blocked"
          noun={['blocked member', 'blocked members']}
          keyOf={KEY_OF.blocked}
          onRetry={retry}
          onMore={more}
          empty={{
            title: "You haven't blocked anyone",
            body: "Blocked members can't find you, send you requests or message you. Block someone from the menu beside their name.",
          }}
          renderItem={(item) => (
            <MemberRow
              member={item.member}
              context="Blocked"
              time={time(item.createdAt)}
              menu={[reportItem(item.member)]}
              actions={
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Unblock ${item.member.name}`}
                  aria-disabled={busy(item.member)}
                  onClick={() => void connectionsActions.unblock(item.member)}
                >
                  Unblock
                </button>
              }
            />
          )}
        />
      );
  }
}
