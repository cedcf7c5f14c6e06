import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../core/config.ts';
import { uploadsDir } from '../file-store/index.ts';

/**
 * Uploads still arriving are written under `uploads/.incoming` (inside the uploads folder, so the
 * folder store moves a file rather than copying it), each server process in a folder of its own
 * named `<host>-<pid>`. A process knows which of its files are in use; a folder of a process that
 * has ended can go at once; only a folder of another machine's process must age before it goes.
 */
export const incomingRoot = (settings: Pick<Config, 'dataDir'>): string => path.join(uploadsDir(settings), '.incoming');

/** The host part of a folder's name: letters, digits, dots and dashes only. */
const hostName = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const ownFolderName = `${hostName}-${process.pid}`;

/** This process's folder of uploads still arriving. */
export const incomingDir = (settings: Pick<Config, 'dataDir'>): string => path.join(incomingRoot(settings), ownFolderName);

/** How often a running server sweeps abandoned uploads away, and how old a file must be when the sweep cannot tell whether its writer still runs. */
export const incomingSweep = { everyMs: 3 * 60 * 1000, settleMs: 10 * 60 * 1000 };

/** Temporary files of this process's requests under way (every app of the process): the sweep never touches them. */
const inUse = new Set<string>();

/** Marks a temporary file as in use, before it is created. */
export const claimTemporary = (file: string): void => void inUse.add(file);

/** Removes a temporary file and forgets it (a store that took it has moved it, so it is simply gone). */
export async function releaseTemporary(file: string): Promise<void> {
  await fs.rm(file, { force: true });
  inUse.delete(file);
}

/** Whether the process `pid` of this machine still runs (one that cannot be signalled is taken as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== 'ESRCH';
  }
}

/** Removes `file` if it is older than `settleMs`; 1 when it went. */
async function removeIfAged(file: string, now: number, settleMs: number): Promise<number> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile() || now - stat.mtimeMs <= settleMs) return 0;
  await fs.rm(file, { force: true });
  return 1;
}

/** Removes the files of `folder` older than `settleMs`, then the folder itself if that left it empty; the number of files removed. */
async function removeAged(folder: string, now: number, settleMs: number): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(folder).catch(() => [])) removed += await removeIfAged(path.join(folder, name), now, settleMs);
  await fs.rmdir(folder).catch(() => undefined);
  return removed;
}

/** Removes a whole folder; the number of files it held. */
async function removeFolder(folder: string): Promise<number> {
  const files = (await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length;
  await fs.rm(folder, { recursive: true, force: true });
  return files;
}

/**
 * Removes every unfinished upload no process can still be writing, and makes this process's folder:
 * - in this process's folder, every file no request of this process is using;
 * - the folder of a process of this machine that no longer runs, whole;
 * - with `singleProcess` (SQLite: one server process per data folder), every other folder and file;
 * - otherwise (another machine's process, or a file of the earlier layout), files older than `settleMs`.
 * Run when the app is ready and every `incomingSweep.everyMs` while it serves. Answers how many files went.
 */
export async function sweepIncoming(root: string, options: { singleProcess: boolean; now?: number; settleMs?: number }): Promise<number> {
  const now = options.now ?? Date.now();
  const settleMs = options.settleMs ?? incomingSweep.settleMs;
  const own = path.join(root, ownFolderName);
  await fs.mkdir(own, { recursive: true });
  let removed = 0;
  for (const name of await fs.readdir(own)) {
    const file = path.join(own, name);
    if (inUse.has(file)) continue;
    await fs.rm(file, { recursive: true, force: true });
    removed += 1;
  }
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    const item = path.join(root, entry.name);
    if (item === own) continue;
    const owner = /^(.+)-(\d+)$/.exec(entry.name);
    const ended = entry.isDirectory() && owner?.[1] === hostName && !isRunning(Number(owner[2]));
    if (entry.isDirectory()) removed += options.singleProcess || ended ? await removeFolder(item) : await removeAged(item, now, settleMs);
    else removed += options.singleProcess ? await fs.rm(item, { force: true }).then(() => 1) : await removeIfAged(item, now, settleMs);
  }
  return removed;
}
