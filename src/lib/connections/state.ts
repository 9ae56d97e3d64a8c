/**
 * The connections state the `$connections` store holds, and the pure changes made to it.
 * Every optimistic change is an `Op`: it returns the new state and an undo that reverses
 * exactly that change on whatever the state has become meanwhile, so rolling back one
 * refused action never loses another that succeeded.
 */
import { emptyList, fromPage, prepend, removeWhere, restore, type ListState } from './list';
import { relationIn, type Relation } from './relation';
import type { TabKey } from './tabs';
import type { BlockedMember, Connection, ConnectionCounts, MemberCard, Paged, Suggestion } from './types';

export interface Lists {
  received: ListState<Connection>;
  sent: ListState<Connection>;
  connections: ListState<Connection>;
  suggestions: ListState<Suggestion>;
  blocked: ListState<BlockedMember>;
}
export type ListKey = keyof Lists & TabKey;
export type ItemOf<K extends ListKey> = Lists[K]['items'][number];

/** The relation with one member, as a connection action button shows it. */
export interface RelationEntry {
  /** `hidden`: the member does not exist for the viewer (or blocked them): show nothing. */
  status: 'loading' | 'ready' | 'error' | 'hidden';
  relation: Relation | null;
  member: MemberCard | null;
  error: string | null;
}

export interface ConnectionsState {
  counts: ConnectionCounts | null;
  lists: Lists;
  /** By member (user) id. */
  relations: Record<string, RelationEntry>;
  /** Member ids with an action on its way; their buttons wait. */
  busy: Record<string, true>;
}

/** What the page rendered on the server hands the island. */
export interface InitialConnections {
  tab: TabKey;
  counts: ConnectionCounts | null;
  /** The first page of the chosen tab, or null when it could not be loaded. */
  page: Pick<Paged<unknown>, 'data' | 'total'> | null;
  error: string | null;
}

const connectionKey = (item: Connection) => item._id;
const memberKey = (item: { member: MemberCard }) => item.member._id;

/** How each list tells its items apart. */
export const KEY_OF: { [K in ListKey]: (item: ItemOf<K>) => string } = {
  received: connectionKey,
  sent: connectionKey,
  connections: connectionKey,
  suggestions: memberKey,
  blocked: memberKey,
};

export function emptyState(): ConnectionsState {
  return {
    counts: null,
    lists: { received: emptyList(), sent: emptyList(), connections: emptyList(), suggestions: emptyList(), blocked: emptyList() },
    relations: {},
    busy: {},
  };
}

/** Relations for suggested members: none yet, by definition of a suggestion. */
function suggestedRelations(items: Suggestion[]): Record<string, RelationEntry> {
  return Object.fromEntries(items.map((item) => [item.member._id, { status: 'ready', relation: relationIn('none'), member: item.member, error: null } satisfies RelationEntry]));
}

/** The state the server-rendered page starts from. */
export function stateFromInitial(initial: InitialConnections): ConnectionsState {
  const state = emptyState();
  state.counts = initial.counts;
  if (initial.page) {
    const list = fromPage(initial.page as Pick<Paged<ItemOf<typeof initial.tab>>, 'data' | 'total'>);
    state.lists = { ...state.lists, [initial.tab]: list };
    if (initial.tab === 'suggestions') state.relations = suggestedRelations(list.items as Suggestion[]);
  } else if (initial.error) {
    state.lists = { ...state.lists, [initial.tab]: { ...emptyList(), status: 'error', error: initial.error } };
  }
  return state;
}

export function withList<K extends ListKey>(state: ConnectionsState, key: K, list: Lists[K]): ConnectionsState {
  return { ...state, lists: { ...state.lists, [key]: list } };
}

/** A list of suggestions arrived: it and the relations it implies. */
export function withSuggestions(state: ConnectionsState, list: ListState<Suggestion>): ConnectionsState {
  const relations = { ...suggestedRelations(list.items), ...state.relations };
  return { ...withList(state, 'suggestions', list), relations };
}

export type Undo = (state: ConnectionsState) => ConnectionsState;
export type Op = (state: ConnectionsState) => [ConnectionsState, Undo];

/** Runs ops in order; the undo reverses them in the opposite order. */
export function applyOps(state: ConnectionsState, ops: Op[]): [ConnectionsState, Undo] {
  const undos: Undo[] = [];
  let next = state;
  for (const op of ops) {
    const [changed, undo] = op(next);
    next = changed;
    undos.unshift(undo);
  }
  return [next, (current) => undos.reduce((acc, undo) => undo(acc), current)];
}

/** Adds `delta` to the counts (never below zero); nothing while counts are unknown. */
function addCounts(state: ConnectionsState, delta: Partial<ConnectionCounts>): ConnectionsState {
  if (!state.counts) return state;
  const counts = { ...state.counts };
  for (const [key, value] of Object.entries(delta) as [keyof ConnectionCounts, number][]) {
    counts[key] = Math.max(0, counts[key] + value);
  }
  return { ...state, counts };
}

const negate = (delta: Partial<ConnectionCounts>) => Object.fromEntries(Object.entries(delta).map(([key, value]) => [key, -value])) as Partial<ConnectionCounts>;

export const countsOp =
  (delta: Partial<ConnectionCounts>): Op =>
  (state) => [addCounts(state, delta), (s) => addCounts(s, negate(delta))];

/** Takes the items matching `predicate` out of one list; the undo puts them back in place. */
export function removeOp<K extends ListKey>(key: K, predicate: (item: ItemOf<K>) => boolean): Op {
  return (state) => {
    const keyOf = KEY_OF[key] as (item: ItemOf<K>) => string;
    const { list, removed } = removeWhere(state.lists[key] as ListState<ItemOf<K>>, predicate);
    return [withList(state, key, list as Lists[K]), (s) => withList(s, key, restore(s.lists[key] as ListState<ItemOf<K>>, removed, keyOf) as Lists[K])];
  };
}

/** Puts an item first in a loaded list; the undo takes it out again. */
export function prependOp<K extends ListKey>(key: K, item: ItemOf<K>): Op {
  return (state) => {
    const keyOf = KEY_OF[key] as (item: ItemOf<K>) => string;
    const list = prepend(state.lists[key] as ListState<ItemOf<K>>, item, keyOf);
    const id = keyOf(item);
    return [withList(state, key, list as Lists[K]), (s) => withList(s, key, removeWhere(s.lists[key] as ListState<ItemOf<K>>, (other) => keyOf(other) === id).list as Lists[K])];
  };
}

/** Sets the relation with a member; the undo brings back the one before. */
export function relationOp(member: MemberCard, relation: Relation): Op {
  return (state) => {
    const before = state.relations[member._id];
    const entry: RelationEntry = { status: 'ready', relation, member: before?.member ?? member, error: null };
    return [
      { ...state, relations: { ...state.relations, [member._id]: entry } },
      (s) => {
        const relations = { ...s.relations };
        if (before) relations[member._id] = before;
        else delete relations[member._id];
        return { ...s, relations };
      },
    ];
  };
}

/**
 * Blocking: the member leaves every list (and the counts with them), joins the blocked
 * list, and the relation becomes `blocked`.
 */
export function blockOp(member: MemberCard, createdAt: string): Op {
  return (state) => {
    const id = member._id;
    const ops: Op[] = [
      removeOp('received', (item) => item.member._id === id),
      removeOp('sent', (item) => item.member._id === id),
      removeOp('connections', (item) => item.member._id === id),
      removeOp('suggestions', (item) => item.member._id === id),
    ];
    const counted = (key: 'received' | 'sent' | 'connections') => state.lists[key].items.filter((item) => item.member._id === id).length;
    ops.push(
      countsOp({ received: -counted('received'), sent: -counted('sent'), accepted: -counted('connections'), blocked: 1 }),
      prependOp('blocked', { member, createdAt }),
      relationOp(member, relationIn('blocked')),
    );
    return applyOps(state, ops);
  };
}
