import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/db/statement-cache.ts';

describe('the SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('prepares a statement once and hands the same one out again', () => {
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('SELECT n FROM t WHERE n > ?');
    expect(cached.prepare('SELECT n FROM t WHERE n > ?')).toBe(first);
    expect(cached.prepare('SELECT n FROM t WHERE n > ?').all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('prepares a fresh statement while the cached one is still being iterated', () => {
    const cached = withStatementCache(sqlite);
    const outer = cached.prepare('SELECT n FROM t ORDER BY n');
    const seen: number[][] = [];
    for (const row of outer.iterate([]) as IterableIterator<{ n: number }>) {
      const inner = cached.prepare('SELECT n FROM t ORDER BY n');
      expect(inner).not.toBe(outer);
      seen.push([row.n, (inner.all([]) as Array<{ n: number }>).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('keeps only the most recently used statements beyond its capacity', () => {
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(a);
    cached.prepare('SELECT 3');
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('answers rows as better-sqlite3 makes them: a later column of the same name wins, any name is just a name', () => {
    const cached = withStatementCache(sqlite);
    const queries = [
      `SELECT n, n * 2 AS n, 'x"y' AS "a""b", NULL AS "x\\y", 'o' AS "constructor", n AS "toString" FROM t ORDER BY n`,
      // A literal would take this name for the prototype: such a statement is used as it is.
      'SELECT n AS "__proto__", n FROM t ORDER BY n',
    ];
    for (const query of queries) {
      const rows = cached.prepare(query).all([]) as Array<Record<string, unknown>>;
      expect(rows).toEqual(sqlite.prepare(query).all());
      expect(rows.map((row) => Object.keys(row))).toEqual((sqlite.prepare(query).all() as Array<Record<string, unknown>>).map((row) => Object.keys(row)));
      for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    }
    expect(cached.prepare(queries[0]).all([])[0]).toEqual({ n: 2, 'a"b': 'x"y', 'x\\y': null, constructor: 'o', toString: 1 });
    expect([...(cached.prepare('SELECT n FROM t WHERE n > ? ORDER BY n').iterate([1]) as IterableIterator<unknown>)]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('INSERT INTO t VALUES (?)').run([4])).toMatchObject({ changes: 1 });
  });

  it('closes the database', () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
