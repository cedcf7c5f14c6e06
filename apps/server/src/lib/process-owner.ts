import os from 'node:os';

/** This process, as a row it holds names it: its host and process ID. */
export const thisProcess = `${os.hostname()}:${process.pid}`;

/**
 * Whether the process named `owner` (`host:pid`) can no longer be holding what it holds: on this
 * machine, when no process has its ID (or it is this process, which the caller knows it no longer
 * holds); on another, when its heartbeat is older than `staleAfterMs`.
 */
export function ownerIsGone(owner: string | null, heartbeat: string | null, staleAfterMs: number): boolean {
  const [host, pid] = (owner ?? '').split(':');
  if (owner === thisProcess) return true;
  if (host === os.hostname() && pid) return !processExists(Number(pid));
  return !heartbeat || Date.now() - Date.parse(heartbeat) > staleAfterMs;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
