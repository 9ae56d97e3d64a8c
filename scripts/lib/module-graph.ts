/**
 * The import graph of a source tree, read from the source text with TypeScript's parser, so the
 * architecture tests can ask what a module reaches at run time and which folders depend on which.
 *
 * An import counts at run time unless the whole declaration is type-only (`import type`,
 * `export type`, `import('x').T` in a type): with verbatimModuleSyntax, which both tsconfigs set,
 * `import { type A } from 'x'` still loads 'x' (it compiles to `import {} from 'x'`).
 */
import path from 'node:path';
import ts from 'typescript';

/** One import in a module's text: `runtime` is false when the compiled code no longer loads it. */
export interface ModuleImport {
  specifier: string;
  runtime: boolean;
}

/** Where an import leads: a module of the tree, a package (`hono`, `astro:content`), or a non-code file. */
export interface Edge {
  to: string;
  kind: 'module' | 'package' | 'asset';
  runtime: boolean;
}

export interface ModuleGraph {
  /** Every module of the tree (repository-relative path) with the imports it makes. */
  edges: ReadonlyMap<string, readonly Edge[]>;
  /** Imports that name a path no module of the tree answers to: a hole the rules cannot see through. */
  unresolved: readonly { from: string; specifier: string }[];
}

/** Files an import may name that are data, not code (they import nothing further). */
const ASSET_EXTENSIONS = new Set(['.css', '.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.txt', '.json', '.woff2', '.mp3', '.wasm']);
/** How an extensionless import finds its file, in the bundler's order. */
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

function scriptKindOf(file: string): ts.ScriptKind {
  return file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/**
 * The imports a module makes: static imports, `export … from` re-exports, dynamic `import()`
 * and `import('x')` types. A dynamic import of a computed name is reported as `<computed>`.
 */
export function importsOf(file: string, source: string): ModuleImport[] {
  const found: ModuleImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, runtime: !node.importClause?.isTypeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, runtime: !node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ specifier: node.moduleReference.expression.text, runtime: !node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push({ specifier: argument && ts.isStringLiteralLike(argument) ? argument.text : '<computed>', runtime: true });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, runtime: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, scriptKindOf(file)));
  return found;
}

/** The file a module id stands for: an .astro file's `<script>` module (`X.astro#script-1`) resolves from X.astro's folder. */
function folderOfModule(id: string): string {
  return path.posix.dirname(id.replace(/#.*$/, ''));
}

/**
 * Where `specifier`, imported by module `from`, leads. `aliases` maps a prefix to a folder
 * (`{ '@api/': 'functions/src/' }`); a bare name is a package; `undefined` means a path nothing answers.
 */
export function resolveImport(from: string, specifier: string, modules: ReadonlySet<string>, aliases: Readonly<Record<string, string>> = {}): Omit<Edge, 'runtime'> | undefined {
  const [bare = specifier, query] = specifier.split('?');
  const alias = Object.keys(aliases).find((prefix) => bare.startsWith(prefix));
  let target: string;
  if (bare.startsWith('.')) target = path.posix.join(folderOfModule(from), bare);
  else if (alias !== undefined) target = path.posix.normalize(aliases[alias] + bare.slice(alias.length));
  else return { to: specifier, kind: 'package' };

  // `?raw` and `?url` hand over the file's text or address, not its code.
  if (query !== undefined && /^(raw|url)\b/.test(query)) return { to: target, kind: 'asset' };
  const candidates = [...RESOLVE_SUFFIXES.map((suffix) => target + suffix), target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')];
  const module = candidates.find((candidate) => modules.has(candidate));
  if (module) return { to: module, kind: 'module' };
  if (ASSET_EXTENSIONS.has(path.posix.extname(target))) return { to: target, kind: 'asset' };
  return undefined;
}

/**
 * Builds the graph of `sources` (repository-relative path → text). Modules whose text is not
 * TypeScript or JavaScript (an .astro frontmatter, a component's script) are passed in already cut out.
 */
export function buildModuleGraph(sources: ReadonlyMap<string, string>, aliases: Readonly<Record<string, string>> = {}): ModuleGraph {
  const modules = new Set(sources.keys());
  const edges = new Map<string, Edge[]>();
  const unresolved: { from: string; specifier: string }[] = [];
  for (const [file, source] of sources) {
    const list: Edge[] = [];
    for (const { specifier, runtime } of importsOf(file.replace(/\.astro(#.*)?$/, '.ts'), source)) {
      const target = specifier === '<computed>' ? undefined : resolveImport(file, specifier, modules, aliases);
      if (target) list.push({ ...target, runtime });
      else unresolved.push({ from: file, specifier });
    }
    edges.set(file, list);
  }
  return { edges, unresolved };
}

/** One way a set of entry modules reaches a target: the chain of modules, entry first, target last. */
export type Chain = readonly string[];

/**
 * Every module and package the `entries` load at run time, each with the shortest chain that loads
 * it. The walk does not go past a target `stopAt` accepts (it is reported, not entered).
 */
export function runtimeReach(graph: ModuleGraph, entries: Iterable<string>, stopAt: (id: string) => boolean = () => false): Map<string, Chain> {
  const chains = new Map<string, Chain>();
  const queue: string[] = [];
  for (const entry of entries) {
    if (chains.has(entry)) continue;
    chains.set(entry, [entry]);
    queue.push(entry);
  }
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const chain = chains.get(next)!;
    for (const edge of graph.edges.get(next) ?? []) {
      if (!edge.runtime || chains.has(edge.to)) continue;
      chains.set(edge.to, [...chain, edge.to]);
      if (edge.kind === 'module' && !stopAt(edge.to)) queue.push(edge.to);
    }
  }
  return chains;
}
