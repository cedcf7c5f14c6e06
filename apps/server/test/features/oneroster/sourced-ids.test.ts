import { describe, expect, it } from 'vitest';
import { sourcedIdOf } from '../../../src/features/oneroster/sourced-ids.ts';

const key = Buffer.alloc(32, 7);

describe('sourcedIdOf', () => {
  it('gives a row the same UUID-shaped id each time, and another row or another key another one', () => {
    const id = sourcedIdOf(key, 'student:2026001');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sourcedIdOf(key, 'student:2026001')).toBe(id);
    expect(sourcedIdOf(key, 'student:2026002')).not.toBe(id);
    expect(sourcedIdOf(key, 'staff:2026001')).not.toBe(id);
    expect(sourcedIdOf(Buffer.alloc(32, 8), 'student:2026001')).not.toBe(id);
  });

  it('holds nothing of what it names', () => {
    const ids = Array.from({ length: 200 }, (_, index) => sourcedIdOf(key, `student:${20260000 + index}`));
    expect(new Set(ids).size).toBe(200);
    for (const [index, id] of ids.entries()) expect(id.replaceAll('-', '')).not.toContain(String(20260000 + index));
  });
});
