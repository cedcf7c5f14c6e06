import { describe, expect, it } from 'vitest';
import { averageOf, classPositions, gradeOf } from '../../../src/features/term-reports/grading.ts';

describe('the grading scale (decision 020)', () => {
  it.each([
    [100, 'A'],
    [80, 'A'],
    [79, 'B'],
    [70, 'B'],
    [69, 'C'],
    [60, 'C'],
    [59, 'D'],
    [50, 'D'],
    [49, 'E'],
    [40, 'E'],
    [39, 'F'],
    [0, 'F'],
    [null, 'ABS'],
  ] as const)('grades %s as %s', (mark, grade) => {
    expect(gradeOf(mark)).toBe(grade);
  });

  it('averages the marks given, leaving absences out, to one decimal', () => {
    expect(averageOf([70, 81, null])).toBe(75.5);
    expect(averageOf([66, 67, 67])).toBe(66.7);
    expect(averageOf([null, null])).toBeNull();
  });

  it('ranks a class by average, equal averages sharing a position and the next one skipped', () => {
    const marks = [
      { student_id: 'a', mark: 90 },
      { student_id: 'b', mark: 80 },
      { student_id: 'b', mark: 60 },
      { student_id: 'c', mark: 70 },
      { student_id: 'd', mark: 65 },
      { student_id: 'e', mark: null },
    ];
    const { positions, ranked } = classPositions(marks);
    expect(Object.fromEntries(positions)).toEqual({ a: 1, b: 2, c: 2, d: 4 });
    expect(ranked).toBe(4);
  });
});
