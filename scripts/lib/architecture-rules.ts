/**
 * The checks behind the architecture tests, as pure functions of a module graph: which imports
 * load something a layer must not reach, which folders (or files of one folder) depend on each
 * other in a circle, and which layer imports one it must not.
 * Each answers a list of readable offences, empty when the rule holds.
 */
import { type ModuleGraph, runtimeReach } from './module-graph';

/**
 * Every import that loads a forbidden module or package at run time from `entries`, directly or
 * through other modules, as the chain that reaches it: `a.ts → b.ts → hono`. The walk stops at
 * a forbidden target, so each offence names the import to change.
 */
export function forbiddenReach(graph: ModuleGraph, entries: Iterable<string>, isForbidden: (id: string) => boolean): string[] {
  const chains = runtimeReach(graph, entries, isForbidden);
  const offences = new Set<string>();
  for (const [id, chain] of chains) {
    if (isForbidden(id)) continue;
    for (const edge of graph.edges.get(id) ?? []) {
      if (edge.runtime && isForbidden(edge.to)) offences.add([...chain, edge.to].join(' → '));
    }
  }
  return [...offences].sort();
}

/**
 * Folders that import each other in a circle, counting every import (type-only ones too: a type
 * still ties one folder's meaning to the other's). `folderOf` names a module's folder, or
 * `undefined` for modules outside the check. Within each group of entangled folders, the answer
 * has the shortest circle through each folder, once, with one import for each step:
 * `a → b → a: a/x.ts → b/y.ts; b/y.ts → a/z.ts (type)`.
 */
export function folderCycles(graph: ModuleGraph, folderOf: (id: string) => string | undefined): string[] {
  const between = folderDependencies(graph, folderOf);
  const cycles = new Map<string, string>();
  for (const group of stronglyConnected(between)) {
    if (group.length < 2) continue;
    for (const start of group) {
      const circle = shortestCircle(between, start, new Set(group));
      const first = circle.indexOf([...circle].sort()[0]!);
      const rotated = [...circle.slice(first), ...circle.slice(0, first)];
      const steps = rotated.map((folder, index) => between.get(folder)!.get(rotated[(index + 1) % rotated.length]!)!);
      cycles.set(rotated.join(' → '), `${[...rotated, rotated[0]].join(' → ')}: ${steps.join('; ')}`);
    }
  }
  return [...cycles.values()].sort();
}

/**
 * Files of one folder that import each other in a circle, type-only imports included, in the
 * shape of `folderCycles` with files for folders: `a/x.ts → a/y.ts → a/x.ts: …`. Modules for
 * which `isChecked` is false (tests, say) are left out.
 */
export function fileCycles(graph: ModuleGraph, isChecked: (id: string) => boolean): string[] {
  const folderOfFile = (id: string) => id.replace(/#script-\d+$/, '').replace(/\/[^/]*$/, '');
  const withinFolders = new Map([...graph.edges].map(([from, edges]) => [from, edges.filter((edge) => edge.kind === 'module' && folderOfFile(edge.to) === folderOfFile(from))]));
  return folderCycles({ edges: withinFolders, unresolved: graph.unresolved }, (id) => (isChecked(id) ? id : undefined));
}

/**
 * Every import from a module `from` matches to a module `to` matches, as `from → to`: for a
 * layer that must not depend on another at all (type-only imports count too).
 */
export function forbiddenImports(graph: ModuleGraph, from: (id: string) => boolean, to: (id: string) => boolean): string[] {
  const offences: string[] = [];
  for (const [id, edges] of graph.edges) {
    if (!from(id)) continue;
    for (const edge of edges) if (to(edge.to)) offences.push(`${id} → ${edge.to}${edge.runtime ? '' : ' (type)'}`);
  }
  return offences.sort();
}

/** For each folder, the folders it imports, each with one import that does it (a runtime one when there is one). */
function folderDependencies(graph: ModuleGraph, folderOf: (id: string) => string | undefined): Map<string, Map<string, string>> {
  const between = new Map<string, Map<string, string>>();
  for (const [from, edges] of graph.edges) {
    const source = folderOf(from);
    if (source === undefined) continue;
    for (const edge of edges) {
      const target = edge.kind === 'module' ? folderOf(edge.to) : undefined;
      if (target === undefined || target === source) continue;
      const targets = between.get(source) ?? new Map<string, string>();
      between.set(source, targets);
      const known = targets.get(target);
      if (known === undefined || (known.endsWith('(type)') && edge.runtime)) targets.set(target, `${from} → ${edge.to}${edge.runtime ? '' : ' (type)'}`);
    }
  }
  return between;
}

/** The shortest circle of folders from `start` back to it, inside `group` (breadth first). */
function shortestCircle(between: ReadonlyMap<string, ReadonlyMap<string, string>>, start: string, group: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    for (const next of [...(between.get(folder)?.keys() ?? [])].sort()) {
      if (!group.has(next) || previous.has(next)) continue;
      previous.set(next, folder);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const circle = [start];
  for (let folder = previous.get(start)!; folder !== start; folder = previous.get(folder)!) circle.unshift(folder);
  return circle;
}

/** Tarjan's strongly connected components of a small directed graph, each sorted by name. */
function stronglyConnected(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * Every call `pattern` finds in the text of the modules `checked` lets through, as `module:line call`:
 * for a port a whole layer carries (`deps.live`, `deps.mailer`) that only one module may call.
 * Line comments are left out, so a comment may name the call it forbids.
 */
export function forbiddenCalls(sources: ReadonlyMap<string, string>, checked: (id: string) => boolean, pattern: RegExp): string[] {
  const offences: string[] = [];
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (const [id, text] of sources) {
    if (!checked(id)) continue;
    text.split('\n').forEach((line, index) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
      for (const match of code.matchAll(global)) offences.push(`${id}:${index + 1} ${match[0]}`);
    });
  }
  return offences.sort();
}
