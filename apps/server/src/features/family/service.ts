import {
  guardianMessages,
  letterCodeAlphabet,
  letterCodeLength,
  letterCodesPerStudent,
  messages,
  normalLetterCode,
  type GuardianChild,
  type GuardianLink,
  type GuardianRelationship,
  type GuardianSearchQuery,
  type LetterLinkAnswer,
} from '@school/contract';
import { randomInt } from 'node:crypto';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, Invalid, NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import type { AdminActor, GuardianActor } from '../../session/actor.ts';
import { hashToken } from '../../session/session-repository.ts';
import { auditRead, studentsHeld, writeAudit } from '../audit/index.ts';
import { buckets, limitedCheck } from '../auth/index.ts';
import { announceLink, linksRepository } from '../guardians/index.ts';
import { registrationSummaries } from '../registration/index.ts';
import { renderLetters } from './letters-pdf.ts';
import { presentChild, presentLink } from './presenter.ts';
import { familyRepository as repository, type NewLetterCode } from './repository.ts';

/**
 * The guardian's daughters she may see (decision 063), or the one named: each with her registration's
 * status. Each girl's is a read of her record by a guardian, so it is audit-logged for her privacy page.
 */
async function childrenOf(deps: Deps, actor: GuardianActor, studentId?: string): Promise<GuardianChild[]> {
  const rows = await repository.childrenOf(deps.db, actor.guardianId, studentId);
  const registration = await registrationSummaries(
    deps.db,
    rows.map((row) => row.id),
  );
  for (const row of rows) await auditRead(deps, actor, { action: 'registration-status.viewed', studentId: row.id });
  return rows.map((row) => presentChild(row, registration.get(row.id)));
}

/** `GET /api/guardian/children`: her live, unrestricted links, each with the girl's names, class, relationship and registration status. */
export async function guardianChildren(deps: Deps, actor: GuardianActor): Promise<{ children: GuardianChild[] }> {
  return { children: await childrenOf(deps, actor) };
}

/** A new letter code, as the letter prints it: ten characters of the contract's alphabet, from a cryptographic source, grouped XXXX-XXXX-XX. */
export function newLetterCode(): string {
  const code = Array.from({ length: letterCodeLength }, () => letterCodeAlphabet[randomInt(letterCodeAlphabet.length)]).join('');
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** How a code is stored: the SHA-256 of the code as typed, read the contract's way (case, dashes and spaces aside). */
const letterCodeHash = (normalCode: string) => hashToken(normalCode);

/**
 * `GET /api/guardian-letters/{class_id}` (a guarded export, decision 062): one page per student of the
 * class with a new single-use code for each of two guardians. The codes of the class not yet used
 * are replaced, so a letter printed before stops working; only their SHA-256 is kept. Audited.
 */
export async function printLetters(deps: Deps, actor: AdminActor, classId: string): Promise<Buffer> {
  const students = await repository.classStudents(deps.db, classId);
  if (students.length === 0) throw new NotFound(messages.noSuchClass(classId));
  const now = nowIso();
  const pages = students.map((student) => ({ student, codes: Array.from({ length: letterCodesPerStudent }, newLetterCode) }));
  const stored: NewLetterCode[] = pages.flatMap(({ student, codes }) =>
    codes.map((code, index) => ({
      student_id: student.id,
      slot: index + 1,
      code_hash: letterCodeHash(normalLetterCode(code)),
      created_by: actor.adminId,
      created_at: now,
    })),
  );
  const pdf = await renderLetters(printedFor(actor), {
    schoolName: deps.config.schoolName,
    timeZone: deps.config.schoolTimeZone,
    portalUrl: deps.config.portalUrl,
    classId,
    pages,
  });
  // Stored once printed: a letter that could not be made leaves the codes already handed out working.
  await deps.writeTransaction(async (trx) => {
    await repository.replaceLetterCodes(
      trx,
      students.map((student) => student.id),
      stored,
    );
    await writeAudit(trx, actor, { action: 'guardian-letters.printed', detail: `class ${classId}: ${studentsHeld(students.length)}` });
  });
  return pdf;
}

type LetterLink = { student_id: string; code: string; date_of_birth: string; relationship: GuardianRelationship };

/**
 * `POST /api/guardian-links`: a signed-in guardian adds a daughter with a letter's code and the girl's
 * date of birth (decision 062). An unknown student, a wrong or used code and a wrong date of birth
 * all answer the same 422, and count against 5 tries an hour per guardian and per address (429 with
 * the wait past them); a try that links is not counted. The code is used once however many tries
 * arrive together. The link is made live (verified by letter), audited, and told to the office and
 * her other guardians; a guardian the office restricted for the girl links nothing, and is answered
 * as for a wrong code.
 */
export async function addDaughter(deps: Deps, actor: GuardianActor, input: LetterLink): Promise<LetterLinkAnswer> {
  const wrong = new Invalid(guardianMessages.wrongLetterCode, { code: [guardianMessages.wrongLetterCode] });
  const tries = [buckets.letterCodeAccount(actor.publicId), buckets.letterCodeAddress(actor.address)];
  let linked: { firstName: string };
  try {
    linked = await limitedCheck(deps, tries, guardianMessages.letterTriesUsed, () =>
      deps.writeTransaction(async (trx) => {
        const student = await repository.studentForLetter(trx, input.student_id);
        if (!student || student.date_of_birth !== input.date_of_birth) throw wrong;
        const now = nowIso();
        const used = await repository.useLetterCode(trx, { studentId: student.id, codeHash: letterCodeHash(input.code), guardianId: actor.guardianId, now });
        if (!used) throw wrong;
        const link = await linksRepository.makeLive(trx, {
          guardianId: actor.guardianId,
          studentId: student.id,
          relationship: input.relationship,
          verifiedBy: 'letter',
          now,
        });
        // A link the office restricted stays so; the code is not spent on it.
        if ((await repository.childrenOf(trx, actor.guardianId, student.id)).length === 0) throw wrong;
        await writeAudit(trx, actor, { action: 'guardian-link.added', studentId: student.id, detail: input.relationship });
        // The office and her other guardians are told of a new link, in its transaction (decision 062).
        if (link.added)
          await announceLink(trx, deps.config, actor, {
            guardianId: actor.guardianId,
            studentId: student.id,
            relationship: input.relationship,
            verifiedBy: 'letter',
          });
        return { firstName: student.first_name ?? '' };
      }),
    );
  } catch (error) {
    if (error === wrong) await auditRead(deps, actor, { action: 'guardian-link.code-refused', detail: `student ID ${input.student_id}` });
    throw error;
  }
  const [child] = await childrenOf(deps, actor, input.student_id);
  return { message: guardianMessages.linkAdded(linked.firstName), child };
}

/** `GET /api/guardians`: the Guardians screen's links, by guardian (name or address), by student or by class, newest first; audited. */
export async function guardianLinks(deps: Deps, actor: AdminActor, query: GuardianSearchQuery): Promise<{ links: GuardianLink[] }> {
  const filters = { q: query.q || undefined, studentId: query.student_id, classId: query.class_id };
  const note = [filters.q && 'by guardian', filters.classId && `class ${filters.classId}`].filter(Boolean).join(', ') || null;
  await auditRead(deps, actor, { action: 'guardian-links.viewed', studentId: filters.studentId ?? null, detail: note });
  return { links: (await repository.links(deps.db, filters)).map(presentLink) };
}

/**
 * `PATCH /api/guardian-links/{id}` (custody, decision 062): office or admin staff restrict a link or
 * lift the restriction, revoke it or make it live again. Restricted or revoked, the guardian is for
 * the girl a stranger at once: every call about her answers 404. Audited with the girl's ID.
 */
export async function changeLink(deps: Deps, actor: AdminActor, publicId: string, change: { restricted?: boolean; revoked?: boolean }): Promise<GuardianLink> {
  if (change.restricted === undefined && change.revoked === undefined) throw new HttpError(422, messages.required, { restricted: [messages.required] });
  const link = await repository.link(deps.db, publicId);
  if (!link) throw new NotFound(guardianMessages.linkNotFound);
  const state = {
    restricted: change.restricted === undefined ? link.restricted : change.restricted ? 1 : 0,
    revoked_at: change.revoked === undefined ? link.revoked_at : change.revoked ? (link.revoked_at ?? nowIso()) : null,
  };
  const words = [
    change.restricted !== undefined && (change.restricted ? 'restricted' : 'restriction lifted'),
    change.revoked !== undefined && (change.revoked ? 'revoked' : 'made live again'),
  ].filter(Boolean);
  await deps.writeTransaction(async (trx) => {
    await repository.setLinkState(trx, link.id, state);
    await writeAudit(trx, actor, { action: 'guardian-link.changed', studentId: link.student_id, detail: `link ${publicId}: ${words.join(', ')}` });
  });
  const [changed] = await repository.links(deps.db, { linkId: publicId });
  return presentLink(changed);
}
