// The bench's one table: every figure with its budget and whether it holds, printed and written as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A figure as measured: what, the value as read, the budget, and whether it holds (null: reported only). */
export type Figure = { part: string; figure: string; value: string; budget: string; met: boolean | null };

/** How a part reports a figure. */
export type RecordFigure = (figure: string, value: string, budget: string, met: boolean | null) => void;

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;

export function createResults() {
  const figures: Figure[] = [];
  return {
    figures,
    /** The recorder for one part: each figure is printed as it comes and kept for the table. */
    recorderFor(part: string): RecordFigure {
      return (figure, value, budget, met) => {
        figures.push({ part, figure, value, budget, met });
        console.log(`  ${figure}: ${value}`);
      };
    },
    table(): string {
      const headings = { part: 'part', figure: 'figure', value: 'value', budget: 'budget', met: 'met' };
      const lines = [headings, ...figures.map((row) => ({ ...row, met: row.met === null ? '–' : row.met ? 'yes' : 'NO' }))];
      const width = (key: keyof typeof headings) => Math.max(...lines.map((line) => String(line[key]).length));
      const widths = { part: width('part'), figure: width('figure'), value: width('value'), budget: width('budget') };
      return lines
        .map((line) =>
          [line.part.padEnd(widths.part), line.figure.padEnd(widths.figure), line.value.padEnd(widths.value), line.budget.padEnd(widths.budget), line.met].join(
            '  ',
          ),
        )
        .join('\n');
    },
    /** Writes the figures with the machine they were measured on; returns the file. */
    writeJson(file: string): string {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
      fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, figures }, null, 2)}\n`);
      return file;
    },
  };
}
