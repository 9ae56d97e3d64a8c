/**
 * The architecture tests' checks, proven on small made-up trees: each rule catches the offence
 * it is there for (a framework reached through another module, browser code loading a server
 * module, folders in a circle) and lets the allowed shapes pass.
 */
import { describe, expect, it } from 'vitest';
import { fileCycles, folderCycles, forbiddenCalls, forbiddenImports, forbiddenReach } from './architecture-rules';
import { buildModuleGraph } from './module-graph';

const graphOf = (sources: Record<string, string>) => buildModuleGraph(new Map(Object.entries(sources)), { '@api/': 'api/' });

describe('forbiddenReach, as the domain rule', () => {
  const isFramework = (id: string) => /^(hono|@hono\/)/.test(id) || id.endsWith('/routes.ts');

  it('catches a framework that domain code reaches through another module', () => {
    const graph = graphOf({
      'api/feed/service.ts': "import { fail } from '../errors';\nexport const post = () => fail();",
      'api/errors.ts': "import { HTTPException } from 'hono/http-exception';\nexport const fail = () => new HTTPException(400);",
    });
    expect(forbiddenReach(graph, ['api/feed/service.ts'], isFramework)).toEqual(['api/feed/service.ts → api/errors.ts → hono/http-exception']);
  });

  it('catches domain code that loads the HTTP layer, and names the import to change rather than what lies behind it', () => {
    const graph = graphOf({
      'api/feed/service.ts': "export { feed } from './routes';",
      'api/feed/routes.ts': "import { OpenAPIHono } from '@hono/zod-openapi';\nexport const feed = new OpenAPIHono();",
    });
    expect(forbiddenReach(graph, ['api/feed/service.ts'], isFramework)).toEqual(['api/feed/service.ts → api/feed/routes.ts']);
  });

  it('lets type-only imports of the framework pass, and zod itself', () => {
    const graph = graphOf({
      'api/feed/service.ts': "import type { Context } from 'hono';\nimport { z } from 'zod';\nexport const check = (c: Context) => z.string().parse(c);",
    });
    expect(forbiddenReach(graph, ['api/feed/service.ts'], isFramework)).toEqual([]);
  });
});

describe('forbiddenReach, as the browser rule', () => {
  const isServerOnly = (id: string) => (id.startsWith('api/') ? !id.startsWith('api/shared/') : id === 'zod');

  it('catches an island that loads a server module through a helper', () => {
    const graph = graphOf({
      'src/islands/Composer.tsx': "import { maxLength } from '../lib/text';\nexport const Composer = () => <p>{maxLength}</p>;",
      'src/lib/text.ts': "export { POST_TEXT_MAX as maxLength } from '@api/feed/schemas';",
      'api/feed/schemas.ts': "import { z } from 'zod';\nexport const POST_TEXT_MAX = 3000;\nexport const PostSchema = z.string().max(POST_TEXT_MAX);",
    });
    expect(forbiddenReach(graph, ['src/islands/Composer.tsx'], isServerOnly)).toEqual(['src/islands/Composer.tsx → src/lib/text.ts → api/feed/schemas.ts']);
  });

  it('catches an allowed module that itself loads a server module', () => {
    const graph = graphOf({
      'src/islands/Composer.tsx': "import { POST_TEXT_MAX } from '@api/shared/feed-limits';\nexport const max = POST_TEXT_MAX;",
      'api/shared/feed-limits.ts': "import { z } from 'zod';\nexport const POST_TEXT_MAX = z.number().parse(3000);",
    });
    expect(forbiddenReach(graph, ['src/islands/Composer.tsx'], isServerOnly)).toEqual(['src/islands/Composer.tsx → api/shared/feed-limits.ts → zod']);
  });

  it('counts `import { type X }` as a load (verbatimModuleSyntax keeps it), and lets `import type` and allowed modules pass', () => {
    const graph = graphOf({
      'src/islands/Inline.tsx': "import { type Post } from '@api/feed/schemas';\nexport let post: Post;",
      'src/islands/Typed.tsx':
        "import type { Post } from '@api/feed/schemas';\nimport { POST_TEXT_MAX } from '@api/shared/feed-limits';\nexport let post: Post | number = POST_TEXT_MAX;",
      'api/shared/feed-limits.ts': 'export const POST_TEXT_MAX = 3000;',
      'api/feed/schemas.ts': "import { z } from 'zod';\nexport const PostSchema = z.string();\nexport type Post = string;",
    });
    expect(forbiddenReach(graph, ['src/islands/Inline.tsx', 'src/islands/Typed.tsx'], isServerOnly)).toEqual(['src/islands/Inline.tsx → api/feed/schemas.ts']);
  });
});

describe('folderCycles', () => {
  const folderOf = (id: string) => id.split('/')[1];

  it('catches two folders that import each other, type-only imports included', () => {
    const graph = graphOf({
      'api/connections/suggestions.ts': "import { candidates } from '../matching/candidates';\nexport const suggest = candidates;",
      'api/matching/candidates.ts': "import type { Card } from '../connections/cards';\nexport const candidates = (card: Card) => card;",
      'api/connections/cards.ts': 'export type Card = { _id: string };',
    });
    expect(folderCycles(graph, folderOf)).toEqual([
      'connections → matching → connections: api/connections/suggestions.ts → api/matching/candidates.ts; api/matching/candidates.ts → api/connections/cards.ts (type)',
    ]);
  });

  it('names the shortest circle through each folder of a longer one, once', () => {
    const graph = graphOf({
      'api/a/x.ts': "import '../b/x';",
      'api/b/x.ts': "import '../c/x';",
      'api/c/x.ts': "import '../a/x';",
    });
    expect(folderCycles(graph, folderOf)).toEqual(['a → b → c → a: api/a/x.ts → api/b/x.ts; api/b/x.ts → api/c/x.ts; api/c/x.ts → api/a/x.ts']);
  });

  it('lets imports inside one folder and one-way dependencies pass, and skips modules outside the check', () => {
    const graph = graphOf({
      'api/feed/write.ts': "import { read } from './read';\nimport { batch } from '../db/batch';\nexport const write = [read, batch];",
      'api/feed/read.ts': "import { write } from './write';\nexport const read = write;",
      'api/db/batch.ts': "import { helper } from '../feed/test-helper';\nexport const batch = helper;",
      'api/feed/test-helper.ts': 'export const helper = 1;',
    });
    expect(folderCycles(graph, (id) => (id.includes('/test-') ? undefined : folderOf(id)))).toEqual([]);
  });
});

describe('fileCycles', () => {
  it('catches two files of one folder that import each other, type-only imports included', () => {
    const graph = graphOf({
      'api/notifications/notify.ts': "import { note } from './push-notes';\nexport type Input = { kind: string };\nexport const notify = note;",
      'api/notifications/push-notes.ts': "import type { Input } from './notify';\nexport const note = (input: Input) => input.kind;",
    });
    expect(fileCycles(graph, () => true)).toEqual([
      'api/notifications/notify.ts → api/notifications/push-notes.ts → api/notifications/notify.ts: api/notifications/notify.ts → api/notifications/push-notes.ts; api/notifications/push-notes.ts → api/notifications/notify.ts (type)',
    ]);
  });

  it('lets a circle through another folder (the folder rule sees that one) and modules outside the check pass', () => {
    const graph = graphOf({
      'api/feed/write.ts': "import { batch } from '../db/batch';\nexport const write = batch;",
      'api/db/batch.ts': "import { write } from '../feed/write';\nexport const batch = write;",
      'api/feed/a.ts': "import { b } from './test-b';\nexport const a = b;",
      'api/feed/test-b.ts': "import { a } from './a';\nexport const b = a;",
    });
    expect(fileCycles(graph, (id) => !id.includes('/test-'))).toEqual([]);
  });
});

describe('forbiddenImports', () => {
  it('names every import, type-only ones too, from one layer into another', () => {
    const graph = graphOf({
      'src/lib/hashes.ts': "import { THEME } from '../components/theme';\nimport type { Props } from '../islands/Card';\nexport const all = [THEME];",
      'src/components/theme.ts': "export const THEME = 'x';",
      'src/islands/Card.tsx': 'export type Props = { id: string };',
      'src/lib/ok.ts': "import { all } from './hashes';\nexport const ok = all;",
    });
    const isLib = (id: string) => id.startsWith('src/lib/');
    expect(forbiddenImports(graph, isLib, (id) => /^src\/(components|islands)\//.test(id))).toEqual([
      'src/lib/hashes.ts → src/components/theme.ts',
      'src/lib/hashes.ts → src/islands/Card.tsx (type)',
    ]);
  });
});

describe('forbiddenCalls, as the delivery door rule', () => {
  const sources = new Map(
    Object.entries({
      'api/notifications/deliver.ts': 'export const tellLive = (deps, id, e, p) => deps.live.emit(id, e, p);',
      'api/feed/like.ts': "export async function like(deps) {\n  // not deps.live.emit( in a comment\n  await deps.live.emit('a', 'counts', {});\n}",
      'api/auth/mail.ts': 'export const mail = (deps, m) => deps.mailer.send(m);',
    }),
  );
  const door = /\b(live\.emit|mailer\.send)\(/;

  it('names each call outside the door with its line, and none in a comment', () => {
    expect(forbiddenCalls(sources, (id) => id !== 'api/notifications/deliver.ts', door)).toEqual(['api/auth/mail.ts:1 mailer.send(', 'api/feed/like.ts:3 live.emit(']);
  });

  it('lets a module that calls the door pass', () => {
    const through = new Map([['api/feed/like.ts', "export const like = (deps) => tellLive(deps, 'a', 'counts', {});"]]);
    expect(forbiddenCalls(through, () => true, door)).toEqual([]);
  });
});
