/**
 * `$connections`: the connections screen and every connection button, with its actions
 * beside it. Actions change the state at once (optimistic) and undo exactly that change,
 * with a toast in the server's words, when the server refuses. Counts follow every change
 * and keep the header's requests badge current.
 */
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { updateRequestsBadge } from '../connections/badge';
import { listPage, PAGE_SIZE } from '../connections/paths';
import { appendPage, fromPage, hasMore, isLoaded, nextPage, type ListState } from '../connections/list';
import { relationAfterChange, relationFromStatus, relationIn, type Relation } from '../connections/relation';
import { applyOps, blockOp, countsOp, emptyState, KEY_OF, prependOp, relationOp, removeOp, stateFromInitial, withList, withSuggestions } from '../connections/state';
import type { ConnectionsState, InitialConnections, ItemOf, ListKey, Lists, Op } from '../connections/state';
import type { BlockedMember, Connection, MemberCard, Paged, ReportReason, Suggestion } from '../connections/types';
import { toAppError } from '../errors';
import { failureKind } from '../rate-limited';
import { toast, type ToastKind } from '../toast';
import { busyIn } from './machinery/busy';
import { latestLoad, latestLoads } from './machinery/latest';
import { applyOptimistic } from './machinery/optimistic';

/** A request or connection an action is about. */
export interface ConnectionTarget {
  connectionId: string;
  member: MemberCard;
}

export interface ConnectionsDeps {
  store: WritableAtom<ConnectionsState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
  /** Called with the received-requests count whenever it changes. */
  onReceivedCount: (count: number) => void;
  now: () => string;
}

export const $connections: WritableAtom<ConnectionsState> = atom(emptyState());

/** The connections actions over a store and a client (tests inject fakes). */
export function createConnectionsActions({ store, api, notify, onReceivedCount, now }: ConnectionsDeps) {
  /** The latest load of each list; an older answer arriving late is dropped. */
  const loads = latestLoads<ListKey>();
  /** Superseded by every optimistic action: a reload sent before it may not know of it. */
  const changes = latestLoad();

  function set(next: ConnectionsState): void {
    const before = store.get().counts?.received;
    store.set(next);
    const after = next.counts?.received;
    if (after !== undefined && after !== before) onReceivedCount(after);
  }

  function setList<K extends ListKey>(key: K, list: Lists[K]): void {
    set(key === 'suggestions' ? withSuggestions(store.get(), list as ListState<Suggestion>) : withList(store.get(), key, list));
  }

  const busy = busyIn(store.get, set);

  async function fetchPage<K extends ListKey>(key: K, page: number): Promise<Pick<Paged<ItemOf<K>>, 'data' | 'total'>> {
    const answer = await listPage(api, key, page);
    return { data: answer.data, total: answer.total ?? answer.data.length };
  }

  /** Starts from what the page rendered on the server (the island's first render uses it as is). */
  function hydrate(initial: InitialConnections): void {
    // Loads still on their way belong to the page before: their answers are dropped.
    loads.supersedeAll();
    store.set(stateFromInitial(initial));
  }

  /** Whether an optimistic action is on its way (its ops are in the counts shown). */
  const pending = () => Object.values(store.get().busy).some((flag) => flag === true);

  /** GET connection/count; a failure keeps the figures. Dropped while an action is on its way (its undo would count it twice); its settle or rollback asks again. */
  async function refreshCounts(): Promise<void> {
    try {
      const counts = await data(api.connection.count.$get());
      if (pending()) return;
      if (counts && typeof counts.received === 'number') set({ ...store.get(), counts });
    } catch (cause) {
      console.error('connections: counts could not be refreshed', cause);
    }
  }

  /**
   * Loads a list's first page, unless it is loaded or loading. `force` reloads it;
   * `revalidate` reloads a list showing only its first page (coming back to a tab shows
   * requests that arrived meanwhile without losing pages loaded with "Load more").
   * Suggestions are kept as they are: they show what the viewer just did to them.
   */
  async function loadList(key: ListKey, { force = false, revalidate = false } = {}): Promise<void> {
    const list = store.get().lists[key];
    const stale = revalidate && key !== 'suggestions' && list.status === 'ready' && list.items.length <= PAGE_SIZE;
    if (!force && !stale && (list.status === 'loading' || isLoaded(list))) return;
    const latest = loads.of(key).start();
    const noChangeSince = changes.follow();
    const reloading = isLoaded(list);
    if (!reloading) setList(key, { ...list, status: 'loading', error: null } as Lists[typeof key]);
    const current = () => latest() && (!reloading || noChangeSince());
    try {
      const page = await fetchPage(key, 1);
      if (current()) setList(key, fromPage(page) as Lists[typeof key]);
    } catch (cause) {
      if (!current()) return;
      const error = toAppError(cause);
      // A reload that fails keeps what is shown; a first load shows the error and a retry.
      if (reloading) console.error(`connections: ${key} could not be reloaded`, error);
      else setList(key, { items: [], total: 0, status: 'error', error: error.message } as Lists[typeof key]);
    }
  }

  /** Appends the next page of a loaded list; a failure keeps the list and says why. */
  async function loadMore(key: ListKey): Promise<void> {
    const list = store.get().lists[key];
    if (list.status !== 'ready' || !hasMore(list)) return;
    const latest = loads.of(key).follow();
    setList(key, { ...list, status: 'loading-more' } as Lists[typeof key]);
    try {
      const page = await fetchPage(key, nextPage(list, PAGE_SIZE));
      if (!latest()) return;
      const current = store.get().lists[key] as ListState<ItemOf<typeof key>>;
      setList(key, appendPage(current, page, KEY_OF[key] as (item: ItemOf<typeof key>) => string) as Lists[typeof key]);
    } catch (cause) {
      setList(key, { ...store.get().lists[key], status: 'ready' } as Lists[typeof key]);
      notify(toAppError(cause).message, 'error');
    }
  }

  /** After a refusal that means "things changed elsewhere": fetch the truth again. */
  function resync(memberId: string): void {
    void refreshCounts();
    for (const key of Object.keys(store.get().lists) as ListKey[]) {
      if (isLoaded(store.get().lists[key])) void loadList(key, { force: true });
    }
    if (store.get().relations[memberId]) void loadRelation(memberId);
  }

  /**
   * One optimistic action: apply `ops`, send the request, then either settle with the
   * server's answer or undo the ops and say what the server said. One action per member
   * at a time.
   */
  async function run<T>(member: MemberCard, ops: Op[], request: () => Promise<T>, settle: (answer: T) => void): Promise<boolean> {
    if (busy.has(member._id)) return false;
    return busy.during(member._id, () => {
      changes.supersede();
      const loadsBefore = loads.mark();
      const [next, undo] = applyOps(store.get(), ops);
      return applyOptimistic({
        change: () => set(next),
        request,
        settle: (answer) => {
          settle(answer);
          void refreshCounts();
          // A list first loaded while the request was on its way may predate it: load it again.
          for (const key of loads.changedSince(loadsBefore)) void loadList(key, { force: true });
        },
        rollback: () => {
          set(undo(store.get()));
          void refreshCounts();
        },
        onRefused: (error) => {
          notify(error.message, failureKind(error));
          if (error.status === 404 || error.status === 409) resync(member._id);
        },
      });
    });
  }

  const settleRelation = (member: MemberCard, relation: Relation) => set(relationOp(member, relation)(store.get())[0]);
  const byConnection = (id: string) => (item: Connection) => item._id === id;

  /** Accepts a received request: it moves to Connections. */
  function accept({ connectionId, member }: ConnectionTarget): Promise<boolean> {
    return run(
      member,
      [removeOp('received', byConnection(connectionId)), countsOp({ received: -1, accepted: 1 }), relationOp(member, relationIn('connected', connectionId))],
      () => data(api.connection.accepted[':id'].$put({ param: { id: connectionId } })),
      (change) => {
        set(prependOp('connections', change.connection)(store.get())[0]);
        settleRelation(member, relationAfterChange(change));
        notify(`You and ${member.name} are now connected.`, 'success');
      },
    );
  }

  /** Ignores a received request (the sender is not told). */
  function ignore({ connectionId, member }: ConnectionTarget): Promise<boolean> {
    return run(
      member,
      [removeOp('received', byConnection(connectionId)), countsOp({ received: -1 }), relationOp(member, relationIn('none'))],
      () => data(api.connection.ignored[':id'].$put({ param: { id: connectionId } })),
      () => notify(`Request from ${member.name} ignored. They won't be told.`, 'info'),
    );
  }

  /** Withdraws a request the viewer sent. */
  function withdraw({ connectionId, member }: ConnectionTarget): Promise<boolean> {
    return run(
      member,
      [removeOp('sent', byConnection(connectionId)), countsOp({ sent: -1 }), relationOp(member, relationIn('none'))],
      () => data(api.connection[':idOrStatus'].$put({ param: { idOrStatus: connectionId } })),
      () => notify(`Request to ${member.name} withdrawn.`, 'info'),
    );
  }

  /** Removes an accepted connection (the confirmation is the caller's). */
  function remove({ connectionId, member }: ConnectionTarget): Promise<boolean> {
    return run(
      member,
      [removeOp('connections', byConnection(connectionId)), countsOp({ accepted: -1 }), relationOp(member, relationIn('none'))],
      () => data(api.connection[':idOrStatus'].$delete({ param: { idOrStatus: connectionId } })),
      () => notify(`${member.name} is no longer one of your connections.`, 'info'),
    );
  }

  /** Sends a request; when they had already asked, the server connects the two at once. */
  function connect(member: MemberCard, note?: string): Promise<boolean> {
    const text = note?.trim();
    return run(
      member,
      [countsOp({ sent: 1 }), relationOp(member, relationIn('pending_sent'))],
      () => data(api.connection.connect.$post({ json: text ? { receiverId: member._id, note: text } : { receiverId: member._id } })),
      (change) => {
        if (change.state === 'connected') {
          const ops = [removeOp('received', (item) => item.member._id === member._id), prependOp('connections', change.connection)];
          set(applyOps(store.get(), ops)[0]);
          notify(`${member.name} had already asked to connect: you are now connected.`, 'success');
        } else {
          set(prependOp('sent', change.connection)(store.get())[0]);
          notify(`Request sent to ${member.name}.`, 'success');
        }
        settleRelation(member, relationAfterChange(change));
      },
    );
  }

  /** Blocks a member: every request or connection between the two ends. */
  function block(member: MemberCard): Promise<boolean> {
    const createdAt = now();
    return run(
      member,
      [blockOp(member, createdAt)],
      () => data(api.connection.block[':userId'].$post({ param: { userId: member._id } })),
      () => notify(`${member.name} is blocked. They can't find you or contact you.`, 'info'),
    );
  }

  /** Unblocks a member. */
  function unblock(member: MemberCard): Promise<boolean> {
    return run(
      member,
      [removeOp('blocked', (item: BlockedMember) => item.member._id === member._id), countsOp({ blocked: -1 }), relationOp(member, relationIn('none'))],
      () => data(api.connection.block[':userId'].$delete({ param: { userId: member._id } })),
      () => notify(`${member.name} is unblocked.`, 'info'),
    );
  }

  /** Reports a member to the admins; throws the server's refusal for the dialog to show. */
  async function report(member: MemberCard, reason: ReportReason, details: string): Promise<void> {
    const text = details.trim();
    await data(api.reports.$post({ json: { targetType: 'member', targetId: member._id, reason, ...(text ? { details: text } : {}) } }));
    notify(`Thank you. Your report about ${member.name} was sent to the FounderMesh team.`, 'success');
  }

  /** GET founder/connection-status/{id}: what a connection button should offer. */
  async function loadRelation(memberId: string): Promise<void> {
    const before = store.get().relations[memberId];
    const loading = { status: 'loading', relation: before?.relation ?? null, member: before?.member ?? null, error: null } as const;
    set({ ...store.get(), relations: { ...store.get().relations, [memberId]: loading } });
    let entry: ConnectionsState['relations'][string];
    try {
      const answer = await data(api.founder['connection-status'][':id'].$get({ param: { id: encodeURIComponent(memberId) } }));
      entry = { status: 'ready', relation: relationFromStatus(answer), member: answer.member, error: null };
    } catch (cause) {
      const error = toAppError(cause);
      entry = error.status === 404 ? { status: 'hidden', relation: null, member: null, error: null } : { ...loading, status: 'error', error: error.message };
    }
    // Asked by profile id, it is also kept under the user id the actions use.
    const aliases = entry.member && entry.member._id !== memberId ? { [entry.member._id]: entry } : {};
    set({ ...store.get(), relations: { ...store.get().relations, [memberId]: entry, ...aliases } });
  }

  return { hydrate, refreshCounts, loadList, loadMore, loadRelation, accept, ignore, withdraw, remove, connect, block, unblock, report };
}

export type ConnectionsActions = ReturnType<typeof createConnectionsActions>;

/** The app's connections actions, on `$connections`, over the session proxy. */
export const connectionsActions: ConnectionsActions = createConnectionsActions({
  store: $connections,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
  onReceivedCount: updateRequestsBadge,
  now: () => new Date().toISOString(),
});
