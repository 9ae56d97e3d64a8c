// What bench/scale/fanout.mjs needs that can be tested without a worker: a D1 binding that
// asks several databases each statement at once, and the figures of its runs.
import { timing } from './requests-model.mjs';

/**
 * A D1 binding over `bindings` that sends every statement (and every batch) to all of them at
 * once and answers with the first one's result, as a search split over that many databases
 * would ask each for its page and total. The merge (the best `limit` of each database's first
 * `page × limit` rows by list order, the totals added: up to a few thousand rows for a deep
 * page) is not done here: every database holds the same rows in the bench, so the first one's
 * answer has the merged one's shape.
 */
export function fanOutBinding(bindings) {
  if (bindings.length === 0) throw new Error('fanOutBinding needs at least one database');
  const ask = async (call) => (await Promise.all(bindings.map(call)))[0];
  const statement = (sql, params = []) => ({
    sql,
    params,
    bind: (...values) => statement(sql, values),
    all: () =>
      ask((db) =>
        db
          .prepare(sql)
          .bind(...params)
          .all(),
      ),
    raw: (options) =>
      ask((db) =>
        db
          .prepare(sql)
          .bind(...params)
          .raw(options),
      ),
    first: (column) =>
      ask((db) =>
        db
          .prepare(sql)
          .bind(...params)
          .first(column),
      ),
    run: () =>
      ask((db) =>
        db
          .prepare(sql)
          .bind(...params)
          .run(),
      ),
  });
  return {
    prepare: (sql) => statement(sql),
    batch: (statements) => ask((db) => db.batch(statements.map((one) => db.prepare(one.sql).bind(...one.params)))),
  };
}

/** A path's query as Hono's query validator hands it to a route: one value as a string, several as a list. */
export function queryOf(url) {
  return Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => {
      const values = url.searchParams.getAll(key);
      return [key, values.length === 1 ? values[0] : values];
    }),
  );
}

/**
 * The figures of one search over `shards` databases, from its rounds: `one` the search on one
 * database, `together` the same search asked of every database at once through the local
 * stack, and `slowest` the slowest of the databases each asked alone in that round (what a
 * runtime that ran the databases side by side would wait for, before the network).
 */
export function fanOutFigures(rounds) {
  return {
    one: timing(rounds.map((round) => round.one)),
    together: timing(rounds.map((round) => round.together)),
    slowest: timing(rounds.map((round) => Math.max(...round.each))),
    sumOfEach: timing(rounds.map((round) => round.each.reduce((sum, ms) => sum + ms, 0))),
  };
}
