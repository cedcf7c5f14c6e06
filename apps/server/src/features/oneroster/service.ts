import { fileNames, messages, rosterSinceInstant, withoutForbiddenCharacters, type OneRosterQuery } from '@school/contract';
import { dialectOf, lockUntilCommit } from '../../db/dialect.ts';
import { serverSecret } from '../../db/server-secret.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { csvLine } from '../../lib/xlsx/index.ts';
import { writeZip, type ZipFile } from '../../lib/zip/index.ts';
import type { AdminActor } from '../../session/actor.ts';
import { studentsHeld, writeAudit } from '../audit/index.ts';
import { currentSchoolYear } from '../school-year/index.ts';
import { manifestFiles, rosterFiles, rosterHeader, type RosterFile } from './columns.ts';
import { compareWithKept, type DatedRow } from './kept-rows.ts';
import { rosterRows, rowKinds } from './presenter.ts';
import { oneRosterRepository } from './repository.ts';
import { sourcedIdOf } from './sourced-ids.ts';

/** What the manifest names the portal, as the system the roster comes from. */
const SOURCE_SYSTEM = { name: 'School Portal', code: 'school-portal' };

/**
 * The delta form's `since` as an instant (ISO UTC), or undefined for the whole roster; a `since`
 * that is not a moment in ISO 8601 with its zone, or is later than the portal's clock, is refused
 * (400), since a consumer would otherwise miss changes without knowing it.
 */
export function rosterSince(query: OneRosterQuery): string | undefined {
  if (query.since === undefined) return undefined;
  const since = rosterSinceInstant(query.since);
  if (since === null) throw new HttpError(400, messages.rosterSince, { since: [messages.rosterSince] });
  const now = new Date().toISOString();
  if (since > now) throw new HttpError(400, messages.rosterSinceAhead(now), { since: [messages.rosterSinceAhead(now)] });
  return since;
}

/**
 * One CSV line of the roster: every text formula-safe as in every file the portal writes (a name
 * starting with = + - @ gets a leading quote, decision 075), without a character XML forbids nor
 * a line break, which the binding does not allow inside a field.
 */
const rosterLine = (cells: readonly string[]) => csvLine(cells.map((cell) => withoutForbiddenCharacters(cell).replace(/[\r\n]+/g, ' ')));

/** A file's text: its header, then its rows, UTF-8 with no byte-order mark (the binding's consumers read raw UTF-8). */
const fileText = (file: RosterFile, rows: readonly string[][]) => [rosterHeader(file), ...rows].map(rosterLine).join('');

/** The roster as a ZIP: the manifest and each file that has rows, in the bulk or the delta form. */
async function rosterZip(rows: readonly DatedRow[], delta: boolean, at: Date): Promise<Buffer> {
  const byFile = new Map<RosterFile, string[][]>(rosterFiles.map((file) => [file, []]));
  for (const row of rows) {
    // Bulk rows leave status and dateLastModified blank, as the binding's consumers ask; delta rows say both.
    const head = delta ? [row.gone ? 'tobedeleted' : 'active', row.modifiedAt] : ['', ''];
    byFile.get(rowKinds[row.kind])!.push([row.sourcedId, ...head, ...row.cells]);
  }
  const written = rosterFiles.filter((file) => byFile.get(file)!.length > 0);
  const manifest = [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.2'],
    ...manifestFiles.map((file) => [`file.${file}`, (written as readonly string[]).includes(file) ? (delta ? 'delta' : 'bulk') : 'absent']),
    ['source.systemName', SOURCE_SYSTEM.name],
    ['source.systemCode', SOURCE_SYSTEM.code],
  ];
  const files: ZipFile[] = [
    { name: 'manifest.csv', data: [['propertyName', 'value'], ...manifest].map(rosterLine).join('') },
    ...written.map((file) => ({ name: `${file}.csv`, data: fileText(file, byFile.get(file)!) })),
  ];
  return writeZip(files, at);
}

/** A downloaded roster: the ZIP, its name, and the moment of its latest change (its Last-Modified). */
export type RosterDownload = { zip: Buffer; name: string; lastModified: Date };

/**
 * `GET /api/oneroster.zip` (decision 075): the school's roster in OneRoster 1.2 CSV form, whole, or
 * with `since` only the rows changed after that moment (gone ones as `tobedeleted`). One write
 * transaction, run alone (a lock on PostgreSQL; SQLite's write transactions run one at a time),
 * reads the school, compares it with the rows kept of the view and keeps what changed, and writes
 * the audit row; so exports asked for at once each see a roster no older than the one before.
 */
export async function oneRosterExport(deps: Deps, actor: AdminActor, props: { withLeavers: boolean; since?: string }): Promise<RosterDownload> {
  const { withLeavers, since } = props;
  const view = withLeavers ? 'with-leavers' : 'at-school';
  const secret = await serverSecret(deps.db);
  const idOf = (key: string) => sourcedIdOf(secret, key);
  const { rows, latest } = await deps.writeTransaction(async (trx) => {
    await lockUntilCommit(trx, dialectOf(trx), 'oneroster');
    const year = await currentSchoolYear(trx);
    const [terms, classes, students, staff, links, kept] = [
      await oneRosterRepository.termsOf(trx, year),
      await oneRosterRepository.formClasses(trx),
      await oneRosterRepository.students(trx, withLeavers),
      await oneRosterRepository.staff(trx),
      await oneRosterRepository.guardianLinks(trx),
      await oneRosterRepository.keptRows(trx, view),
    ];
    const current = rosterRows({ schoolName: deps.config.schoolName, year, terms, classes, students, staff, links }, idOf);
    const compared = compareWithKept(current, kept, new Date());
    await oneRosterRepository.keepRows(trx, view, compared.changed);
    await oneRosterRepository.markGone(trx, view, compared.gone, compared.at);
    const handedOut = since === undefined ? compared.rows.filter((row) => !row.gone) : compared.rows.filter((row) => row.modifiedAt > since);
    const leavers = withLeavers ? ', those who have left included' : '';
    const what = since === undefined ? 'the whole roster' : `changes since ${zonedTimestamp(new Date(since), deps.config.schoolTimeZone)}`;
    await writeAudit(trx, actor, {
      action: 'oneroster.exported',
      detail: `${what}${leavers}: ${studentsHeld(handedOut.filter((row) => row.kind === 'student').length)}`,
    });
    // The roster's latest change: a later one is always dated after it, so it is a safe `since` for the next export.
    return { rows: handedOut, latest: compared.rows.reduce((max, row) => (row.modifiedAt > max ? row.modifiedAt : max), '') };
  });
  const local = zonedTimestamp(new Date(), deps.config.schoolTimeZone);
  return {
    zip: await rosterZip(rows, since !== undefined, new Date(`${local.replace(' ', 'T')}Z`)),
    name: fileNames.oneRoster(local.slice(0, 10), since !== undefined),
    lastModified: new Date(latest),
  };
}
