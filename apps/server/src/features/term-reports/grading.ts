/**
 * The school's grading scale and class positions (decision 020): A 80–100, B 70–79, C 60–69,
 * D 50–59, E 40–49, F 0–39, and ABS for a blank mark (absent).
 */
const scale: Array<[minimum: number, grade: string]> = [
  [80, 'A'],
  [70, 'B'],
  [60, 'C'],
  [50, 'D'],
  [40, 'E'],
  [0, 'F'],
];

/** The grade of a mark; 'ABS' when the student was absent (no mark). */
export function gradeOf(mark: number | null): string {
  if (mark === null) return 'ABS';
  return scale.find(([minimum]) => mark >= minimum)?.[1] ?? 'F';
}

/** The average of the marks given (absences left out), to one decimal; null when there are none. */
export function averageOf(marks: Array<number | null>): number | null {
  const given = marks.filter((mark): mark is number => mark !== null);
  if (given.length === 0) return null;
  return Math.round((given.reduce((sum, mark) => sum + mark, 0) / given.length) * 10) / 10;
}

/**
 * Each student's position in her class by average, highest first; equal averages share a
 * position and the next one skips (1, 2, 2, 4). Students with no marks have no position.
 */
export function classPositions(marks: Array<{ student_id: string; mark: number | null }>): { positions: Map<string, number>; ranked: number } {
  const byStudent = new Map<string, Array<number | null>>();
  for (const { student_id, mark } of marks) byStudent.set(student_id, [...(byStudent.get(student_id) ?? []), mark]);
  const averages = [...byStudent]
    .map(([studentId, studentMarks]) => [studentId, averageOf(studentMarks)] as const)
    .filter((entry): entry is readonly [string, number] => entry[1] !== null)
    .sort((a, b) => b[1] - a[1]);
  const positions = new Map<string, number>();
  averages.forEach(([studentId, average], index) => {
    const previous = index > 0 ? averages[index - 1] : null;
    positions.set(studentId, previous && previous[1] === average ? positions.get(previous[0])! : index + 1);
  });
  return { positions, ranked: averages.length };
}
