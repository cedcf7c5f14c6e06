/** Attendance rules shared by the server, its PDF and the web screen (no schema code, so any screen may import it). */

/**
 * SPEC §5's two percentages, rounded to whole numbers: present = attendance / possible (0 when
 * nothing was possible), punctual = (attendance − lates) / attendance (0 when she attended nothing).
 */
export function attendancePercentages(figures: { possible_attendance: number; attendance: number; lates: number }): { present: number; punctual: number } {
  const { possible_attendance: possible, attendance, lates } = figures;
  return {
    present: possible > 0 ? Math.round((attendance / possible) * 100) : 0,
    punctual: attendance > 0 ? Math.round((Math.max(attendance - lates, 0) / attendance) * 100) : 0,
  };
}
