import { describe, expect, it } from 'vitest';
import { fanOutBinding, fanOutFigures, queryOf } from '../bench/scale/fanout-model.mjs';
import { BUDGETED_SEARCHES } from '../bench/scale/requests-model.mjs';
import { AdvisorSearchQuerySchema, FounderSearchQuerySchema, ProfilesSearchQuerySchema, TaggingQuerySchema } from '../functions/src/search/schemas';

/** A D1 binding that records what it was asked and answers its own name. */
function recordingBinding(name: string, asked: string[]) {
  const statement = (sql: string, params: unknown[] = []) => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(sql, values),
    all: async () => {
      asked.push(`${name} all ${sql} ${JSON.stringify(params)}`);
      return { results: [{ from: name }] };
    },
    raw: async () => {
      asked.push(`${name} raw ${sql}`);
      return [[name]];
    },
    first: async () => {
      asked.push(`${name} first ${sql}`);
      return { from: name };
    },
    run: async () => {
      asked.push(`${name} run ${sql}`);
      return { success: true, from: name };
    },
  });
  return {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: Array<{ sql: string; params: unknown[] }>) => {
      asked.push(`${name} batch ${statements.map((one) => `${one.sql} ${JSON.stringify(one.params)}`).join('; ')}`);
      return statements.map(() => ({ results: [{ from: name }] }));
    },
  };
}

describe('the fan-out bench model', () => {
  it('sends every statement, with its parameters, to every database and answers the first one', async () => {
    const asked: string[] = [];
    const binding = fanOutBinding(['a', 'b', 'c'].map((name) => recordingBinding(name, asked)));
    expect(await binding.prepare('SELECT ?').bind(7).all()).toEqual({ results: [{ from: 'a' }] });
    expect(asked).toEqual(['a all SELECT ? [7]', 'b all SELECT ? [7]', 'c all SELECT ? [7]']);
    asked.length = 0;
    expect(await binding.prepare('SELECT 1').raw()).toEqual([['a']]);
    expect(await binding.prepare('SELECT 1').first()).toEqual({ from: 'a' });
    expect(await binding.prepare('DELETE').run()).toMatchObject({ from: 'a' });
    expect(asked.filter((line) => line.startsWith('b '))).toEqual(['b raw SELECT 1', 'b first SELECT 1', 'b run DELETE']);
  });

  it('sends a batch to every database as one batch of its own statements', async () => {
    const asked: string[] = [];
    const binding = fanOutBinding(['a', 'b'].map((name) => recordingBinding(name, asked)));
    const results = await binding.batch([binding.prepare('SELECT ?').bind(1), binding.prepare('SELECT ?').bind(2)]);
    expect(results).toEqual([{ results: [{ from: 'a' }] }, { results: [{ from: 'a' }] }]);
    expect(asked).toEqual(['a batch SELECT ? [1]; SELECT ? [2]', 'b batch SELECT ? [1]; SELECT ? [2]']);
  });

  it('wants at least one database', () => {
    expect(() => fanOutBinding([])).toThrow(/at least one/);
  });

  it('sums up rounds: one database, all at once, the slowest alone and the sum', () => {
    const rounds = Array.from({ length: 20 }, (_, i) => ({ one: 10 + i, together: 100 + i, each: [1, 2 + i, 3] }));
    expect(fanOutFigures(rounds)).toEqual({
      one: { requests: 20, medianMs: 19, p95Ms: 28 },
      together: { requests: 20, medianMs: 109, p95Ms: 118 },
      slowest: { requests: 20, medianMs: 11, p95Ms: 20 },
      sumOfEach: { requests: 20, medianMs: 15, p95Ms: 24 },
    });
  });

  it('times searches the routes accept: each budgeted path is a valid query of its route', () => {
    const schemas: Record<string, { safeParse: (query: unknown) => { success: boolean } }> = {
      '/founder/search': FounderSearchQuerySchema,
      '/advisor/search': AdvisorSearchQuerySchema,
      '/profiles/search': ProfilesSearchQuerySchema,
      '/founder/tagging-profiles': TaggingQuerySchema,
    };
    expect(BUDGETED_SEARCHES).toHaveLength(9);
    for (const [name, searchPath] of BUDGETED_SEARCHES) {
      const url = new URL(searchPath, 'http://bench');
      const query = queryOf(url);
      expect(schemas[url.pathname], name).toBeDefined();
      expect(schemas[url.pathname]!.safeParse(query).success, name).toBe(true);
    }
    // A value outside the vocabulary would not pass, so the check can fail.
    expect(FounderSearchQuerySchema.safeParse({ industries: ['not-an-industry'] }).success).toBe(false);
  });
});
