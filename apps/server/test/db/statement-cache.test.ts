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

  it('closes the database', () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
