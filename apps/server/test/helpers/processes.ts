import fs from 'node:fs';

/**
 * A process's or thread's /proc stat fields after its name (field 1 its parent, 11 and 12 its
 * processor ticks, 38 its scheduling policy), or null once it has ended: any process of the
 * machine may end between listing /proc and reading it.
 */
export function statFields(statPath: string): string[] | null {
  try {
    return fs.readFileSync(statPath, 'utf8').split(') ').pop()!.split(' ');
  } catch {
    return null;
  }
}

/** The processes `pid` started, by the parent each /proc/PID/stat names; those that end meanwhile are left out. */
export const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(statFields(`/proc/${entry}/stat`)?.[1]) === pid)
    .map(Number);

/** The command line `pid` was started with, or '' once it has ended. */
export function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
