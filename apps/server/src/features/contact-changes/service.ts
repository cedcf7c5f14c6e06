import {
  contactChangeFields,
  contactChangeMessages,
  contactChangeStatusLabels,
  contactFieldLabel,
  fieldByName,
  fieldSchema,
  statusOfDecisions,
  type ContactChange,
  type ContactChangeAnswerRequest,
  type ContactChangeDecision,
  type ContactChanges,
  type ContactChangeSent,
  type ContactChangesQuery,
  type FamilyContactChanges,
  type FieldValue,
} from '@school/contract';
import { nowIso, type Executor } from '../../db/database.ts';
import { lockUntilCommit } from '../../db/dialect.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidFields, NotFound } from '../../lib/errors.ts';
import type { AdminActor, GuardianActor } from '../../session/actor.ts';
import { auditRead, writeAudit } from '../audit/index.ts';
import { newPublicId } from '../guardians/index.ts';
import { mergeApprovedValues } from '../registration/index.ts';
import { tellChangeAnswered, tellChangeSent } from './notices.ts';
import { presentChange, presentFamilyChange } from './presenter.ts';
import { contactChangesRepository as repository, type ChangeFilters } from './repository.ts';

/** A value as the record stores a text field: empty is null. */
const asStored = (value: FieldValue | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * Each value she gave judged by its field's rule (the wizard's), once it is known to be one of
 * hers: the values as the record would store them, or a 422 naming each field refused.
 */
function judgedValues(allowed: ReadonlySet<string>, changes: Record<string, string | null>): Array<[string, string | null]> {
  const entries = Object.entries(changes);
  if (entries.length === 0) throw invalidFields([{ field: 'changes', message: contactChangeMessages.nothingGiven }]);
  const problems: Array<{ field: string; message: string }> = [];
  const values: Array<[string, string | null]> = [];
  for (const [field, given] of entries) {
    const definition = fieldByName.get(field);
    if (!definition || !allowed.has(field)) {
      problems.push({ field, message: contactChangeMessages.notYours });
      continue;
    }
    const parsed = fieldSchema(definition).safeParse(typeof given === 'string' ? given.trim() : given);
    if (parsed.success) values.push([field, asStored(parsed.data)]);
    else problems.push({ field, message: parsed.error.issues[0]?.message ?? contactChangeMessages.notYours });
  }
  if (problems.length > 0) throw invalidFields(problems);
  return values;
}

/**
 * `POST /api/contact-changes` (decision 066): a guardian proposes new values for her own details
 * in a daughter's record — her parent section's contact details (by her link's relationship) and
 * the emergency contact. Only a girl she has a live, unrestricted link to; any other answers 404,
 * as for a girl who does not exist. Each value is judged by its field's rule; a value the record
 * holds already is left out and named in the answer (all of them: 422). Changes of hers for the girl
 * still waiting are replaced. One transaction holds the change, its audit row and its messages (a
 * receipt to her, a note to the office).
 */
export async function proposeContactChange(
  deps: Deps,
  actor: GuardianActor,
  input: { student_id: string; changes: Record<string, string | null> },
): Promise<ContactChangeSent> {
  const link = await repository.linkOf(deps.db, actor.guardianId, input.student_id);
  if (!link) throw new NotFound();
  const allowed = new Set(contactChangeFields(link.relationship).map((field) => field.name));
  const values = judgedValues(allowed, input.changes);
  const firstName = link.first_name ?? '';
  const sent = await deps.writeTransaction(async (trx) => {
    // One at a time per guardian and girl: the change she replaces is the one before, never a twin.
    await lockUntilCommit(trx, deps.dialect, `contact-change:${actor.guardianId}:${input.student_id}`);
    const record = (await repository.contactValues(trx, [input.student_id])).get(input.student_id);
    if (!record) throw new NotFound();
    const unchanged = values.filter(([field, value]) => asStored(record[field]) === value).map(([field]) => field);
    const changed = values.filter(([field]) => !unchanged.includes(field));
    if (changed.length === 0) throw invalidFields(unchanged.map((field) => ({ field, message: contactChangeMessages.alreadyInRecord })));
    const guardian = await repository.guardianOf(trx, actor.guardianId);
    if (!guardian) throw new NotFound();
    const replaced = await repository.replacePending(trx, actor.guardianId, input.student_id);
    const publicId = newPublicId();
    const fields = changed.map(([field, proposed]) => ({ field, was: asStored(record[field]), proposed, decision: null }));
    const id = await repository.insert(
      trx,
      {
        public_id: publicId,
        student_id: input.student_id,
        guardian_id: actor.guardianId,
        relationship: link.relationship,
        status: 'pending',
        created_at: nowIso(),
        answered_at: null,
        answered_by: null,
        note: null,
      },
      fields,
    );
    const names = changed.map(([field]) => field);
    // The fields alone: the girl's privacy page reads them (decision 063); the change is found by her ID and the time.
    await writeAudit(trx, actor, { action: 'contact-change.sent', studentId: input.student_id, detail: `fields: ${names.join(', ')}` });
    await tellChangeSent(trx, deps.config, actor, {
      studentId: input.student_id,
      firstName,
      guardianId: actor.guardianId,
      guardianEmail: guardian.email,
      guardianName: guardian.display_name,
      changeId: publicId,
      fields: names,
    });
    const [row] = await repository.changes(trx, { id });
    return { row: row!, fields, unchanged, replaced: replaced > 0 };
  });
  const words = [
    contactChangeMessages.sent(firstName),
    ...(sent.replaced ? [contactChangeMessages.replacesEarlier] : []),
    ...(sent.unchanged.length > 0 ? [contactChangeMessages.unchangedLeftOut(sent.unchanged.map(contactFieldLabel))] : []),
  ];
  return { message: words.join(' '), change: presentFamilyChange(sent.row, sent.fields), unchanged: sent.unchanged };
}

/** `GET /api/guardian/contact-changes`: her changes, newest first, for the daughters she still sees, each field with its decision. */
export async function familyContactChanges(deps: Deps, actor: GuardianActor): Promise<FamilyContactChanges> {
  const rows = await repository.guardianChanges(deps.db, actor.guardianId);
  const fields = await repository.fieldsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    changes: rows.map((row) =>
      presentFamilyChange(
        row,
        fields.filter((field) => field.change_id === row.id),
      ),
    ),
  };
}

/** Changes as the office reads them: each with its fields and its girl's record as it stands. */
async function presented(db: Executor, filters: ChangeFilters): Promise<ContactChange[]> {
  const rows = await repository.changes(db, filters);
  const fields = await repository.fieldsOf(
    db,
    rows.map((row) => row.id),
  );
  const records = await repository.contactValues(
    db,
    rows.map((row) => row.student_id),
  );
  return rows.map((row) =>
    presentChange(
      row,
      fields.filter((field) => field.change_id === row.id),
      records.get(row.student_id),
    ),
  );
}

/**
 * `GET /api/contact-changes?status=&class_id=`: the changes waiting for the office (or those it
 * answered), newest first, each field with the record's value when proposed, now, and proposed.
 * The office reads parents' details: audited, with the girl's ID when the list holds one girl only.
 */
export async function listContactChanges(deps: Deps, actor: AdminActor, query: ContactChangesQuery): Promise<ContactChanges> {
  const filters: ChangeFilters = { status: query.status ?? 'pending', classId: query.class_id };
  const [changes, total] = await Promise.all([presented(deps.db, filters), repository.count(deps.db, filters)]);
  const girls = new Set(changes.map((change) => change.student_id));
  await auditRead(deps, actor, {
    action: 'contact-changes.viewed',
    studentId: girls.size === 1 ? [...girls][0]! : null,
    detail: [filters.status, filters.classId && `class ${filters.classId}`].filter(Boolean).join(', '),
  });
  return { changes, total };
}

/** A refusal found inside the answer's transaction: the change is read again once it is rolled back, to be shown as it stands. */
class AnswerRefused extends Error {
  constructor(readonly words: string | null) {
    super(words ?? 'answered already');
  }
}

/**
 * `PATCH /api/contact-changes/{id}` (office and admin, decision 066): approves or declines each
 * field of a change waiting. In one transaction: the change is claimed (of answers at once, one
 * wins; the others are answered 409 with the change as it stands), each decision written, the
 * approved values laid on the record by the autosave's version rules (a field saved to something
 * else since it was proposed refuses the whole answer, 409; other fields saved meanwhile are kept),
 * audited, and the guardian told (while she still sees the girl).
 */
export async function answerContactChange(deps: Deps, actor: AdminActor, publicId: string, answer: ContactChangeAnswerRequest): Promise<ContactChange> {
  const [found] = await repository.changes(deps.db, { publicId });
  if (!found) throw new NotFound(contactChangeMessages.noSuchChange);
  const fields = await repository.fieldsOf(deps.db, [found.id]);
  const names = new Set(fields.map((field) => field.field));
  const problems = [
    ...fields.filter((field) => !answer.decisions[field.field]).map((field) => ({ field: field.field, message: contactChangeMessages.decideEach })),
    ...Object.keys(answer.decisions)
      .filter((field) => !names.has(field))
      .map((field) => ({ field, message: contactChangeMessages.notInChange })),
  ];
  if (problems.length > 0) throw invalidFields(problems);
  const decisions = fields.map((field): [string, ContactChangeDecision] => [field.field, answer.decisions[field.field]!]);
  const approved = fields.filter((field) => answer.decisions[field.field] === 'approved');
  const declined = fields.filter((field) => answer.decisions[field.field] === 'declined');
  try {
    await deps.writeTransaction(async (trx) => {
      const claimed = await repository.claim(trx, found.id, {
        status: statusOfDecisions(decisions.map(([, decision]) => decision)),
        answered_at: nowIso(),
        answered_by: actor.adminId,
        note: answer.note || null,
      });
      if (!claimed) throw new AnswerRefused(null);
      await repository.decide(trx, found.id, decisions);
      if (approved.length > 0) {
        const { moved } = await mergeApprovedValues(trx, deps, actor, {
          studentId: found.student_id,
          base: Object.fromEntries(approved.map((field) => [field.field, field.was])),
          values: Object.fromEntries(approved.map((field) => [field.field, field.proposed])),
        });
        if (moved.length > 0) throw new AnswerRefused(contactChangeMessages.changedSince(moved.map(contactFieldLabel)));
      }
      const detail = [
        `change ${found.public_id}`,
        approved.length > 0 && `approved: ${approved.map((field) => field.field).join(', ')}`,
        declined.length > 0 && `declined: ${declined.map((field) => field.field).join(', ')}`,
      ];
      await writeAudit(trx, actor, { action: 'contact-change.answered', studentId: found.student_id, detail: detail.filter(Boolean).join('; ') });
      // Told only while she still sees the girl: a restricted guardian hears nothing of her (decision 064).
      const link = await repository.linkOf(trx, found.guardian_id, found.student_id);
      const guardian = await repository.guardianOf(trx, found.guardian_id);
      if (link && guardian)
        await tellChangeAnswered(trx, deps.config, actor, {
          studentId: found.student_id,
          firstName: link.first_name ?? '',
          guardianId: found.guardian_id,
          guardianEmail: guardian.email,
          changeId: found.public_id,
          approved: approved.map((field) => field.field),
          declined: declined.map((field) => field.field),
        });
    });
  } catch (error) {
    if (!(error instanceof AnswerRefused)) throw error;
    const [now] = await presented(deps.db, { id: found.id });
    const words =
      error.words ??
      (now!.status === 'replaced' ? contactChangeMessages.replaced : contactChangeMessages.alreadyAnswered(contactChangeStatusLabels[now!.status]));
    throw new Conflict(words, { change: now });
  }
  const [done] = await presented(deps.db, { id: found.id });
  return done!;
}
