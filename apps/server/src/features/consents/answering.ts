import { consentMessages, messages, type ConsentAnswer, type ConsentAnswered, type GuardianConsent, type GuardianConsents } from '@school/contract';

/** Her answer as the route has read it (`consentAnswerRequest`): the name typed is trimmed. */
export type AnswerInput = { answer: ConsentAnswer; typed_name: string; student_id?: string; replaces?: string };
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound } from '../../lib/errors.ts';
import { utcToZonedLocal } from '../../lib/time-zone.ts';
import type { GuardianActor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { newPublicId } from '../guardians/index.ts';
import { consentAnsweredMessage, dateInWords, enqueueMessages } from '../notifications/index.ts';
import { findForm, schoolToday, type FormView } from './forms.ts';
import { presentGuardianConsent, presentOwnAnswer } from './presenter.ts';
import { registrationAsked, registrationEditable, registrationYear, storedRegistrationForm } from './registration-agreement.ts';
import { consentsRepository as repository, type AudienceRow, type StandingAnswer } from './repository.ts';

/** The key one standing answer is kept under: the daughter's ID for a form answered for each, else ''. */
const keyOf = (form: Pick<FormView, 'perDaughter'>, studentId: string | null): string => (form.perDaughter && studentId ? studentId : '');

/** The daughters a form asks her about: those in its classes, or, for the registration's agreement, those whose registration is open. */
function concerned(form: FormView, daughters: AudienceRow[], now: Date): AudienceRow[] {
  if (form.kind === 'registration') return daughters.filter((daughter) => registrationEditable(daughter, now));
  return daughters.filter((daughter) => daughter.class_id !== null && form.classIds.includes(daughter.class_id));
}

/** The forms she may answer, one item per daughter for a form needed for each, else one for every daughter it concerns. */
function itemsOf(form: FormView, daughters: AudienceRow[], answers: StandingAnswer[], now: Date): GuardianConsent[] {
  const theirs = concerned(form, daughters, now);
  if (theirs.length === 0) return [];
  const answerFor = (key: string) => answers.find((answer) => answer.form_id === form.row?.id && answer.student_key === key);
  if (form.perDaughter) return theirs.map((daughter) => presentGuardianConsent(form, [daughter], daughter.id, answerFor(daughter.id)));
  return [presentGuardianConsent(form, theirs, null, answerFor(''))];
}

/**
 * `GET /api/guardian/consents`: the forms open today for her linked, unrestricted daughters' classes
 * (decision 063: a restricted or revoked link shows her nothing of that girl), and, while the school
 * asks for it, the year's registration agreement for each daughter whose registration is open; each
 * with her answer standing. The registration's first, then the soonest to close.
 */
export async function guardianConsents(deps: Deps, actor: GuardianActor): Promise<GuardianConsents> {
  const now = new Date();
  const daughters = await repository.daughtersOf(deps.db, actor.guardianId);
  if (daughters.length === 0) return { consents: [] };
  const classIds = [...new Set(daughters.flatMap((daughter) => (daughter.class_id ? [daughter.class_id] : [])))];
  const open = await repository.openFormsFor(deps.db, classIds, schoolToday(deps, now));
  const forms: FormView[] = [];
  if (await registrationAsked(deps.db)) {
    const registration = await findForm(deps, deps.db, (await registrationYear(deps.db)).publicId);
    if (registration) forms.push(registration);
  }
  for (const id of [...new Set(open.map((row) => row.public_id))]) {
    const view = await findForm(deps, deps.db, id);
    if (view) forms.push(view);
  }
  const storedIds = forms.flatMap((form) => (form.row ? [form.row.id] : []));
  const answers = await repository.guardianAnswers(deps.db, actor.guardianId, storedIds);
  const registrations = forms.filter((form) => form.kind === 'registration');
  const others = forms
    .filter((form) => form.kind !== 'registration')
    .sort((a, b) => (a.closesOn ?? '').localeCompare(b.closesOn ?? '') || a.title.localeCompare(b.title));
  return { consents: [...registrations, ...others].flatMap((form) => itemsOf(form, daughters, answers, now)) };
}

/**
 * The form she answers, in the answer's transaction: a stored form, or the year's registration
 * agreement (stored now if this is its first answer, its words the year's terms).
 */
async function formToAnswer(deps: Deps, trx: Executor, form: FormView, now: string): Promise<FormView> {
  if (form.kind !== 'registration') return form;
  if (!form.open) throw new NotFound(consentMessages.noSuchForm);
  await storedRegistrationForm(trx, await registrationYear(trx), now);
  return (await findForm(deps, trx, form.publicId))!;
}

/** Whose answer it is: the daughter named when it is needed for each, else every daughter it concerns. */
function answeredFor(form: FormView, concernedDaughters: AudienceRow[], studentId: string | undefined): AudienceRow[] {
  const named = studentId === undefined ? undefined : concernedDaughters.find((daughter) => daughter.id === studentId);
  // A girl who is not hers, not linked to her unrestricted, or not concerned reads as one who does not exist (decision 063).
  if (studentId !== undefined && !named) throw new NotFound(messages.noSuchStudent);
  if (form.perDaughter) {
    if (!named) throw invalidField('student_id', consentMessages.sayWhichDaughter);
    return [named];
  }
  return concernedDaughters;
}

/**
 * `POST /api/consents/{id}/answers`: her answer, signed with her typed name, for a daughter linked
 * to her (unrestricted) whom the form concerns: one transaction with the exact words it answered,
 * the time and the guardian, an audit row per daughter it is for, and her receipt in the outbox
 * (decision 067). One answer stands per guardian (and daughter, when needed for each): a second
 * while it stands is refused with 409, however many arrive at once; a change names the answer it
 * replaces (`replaces`), and one that another change replaced first is refused with 409 too. After
 * the closing day (or her daughter's registration, for its agreement) nothing is taken: 409.
 */
export async function answerConsent(deps: Deps, actor: GuardianActor, publicId: string, input: AnswerInput): Promise<ConsentAnswered> {
  const stored = await deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const daughters = await repository.daughtersOf(trx, actor.guardianId);
    // A form about none of her daughters reads as one that does not exist.
    const visible = await findForm(deps, trx, publicId);
    const all = visible
      ? visible.kind === 'registration'
        ? daughters.filter((daughter) => daughter.reg_open === 1)
        : concerned(visible, daughters, new Date())
      : [];
    if (!visible || all.length === 0) throw new NotFound(consentMessages.noSuchForm);
    const form = await formToAnswer(deps, trx, visible, now);
    const forWhom = answeredFor(form, all, input.student_id);
    if (form.kind === 'registration') {
      const closed = forWhom.find((daughter) => !registrationEditable(daughter));
      if (closed) throw new Conflict(consentMessages.registrationClosed(closed.first_name ?? ''));
    } else if (!form.open) throw new Conflict(consentMessages.closed(form.closesOn!));
    const formId = form.row!.id;
    const studentKey = keyOf(form, forWhom[0].id);
    const standing = (await repository.guardianAnswers(trx, actor.guardianId, [formId])).find((answer) => answer.student_key === studentKey);
    if (input.replaces === undefined) {
      if (standing) throw new Conflict(consentMessages.alreadyAnswered, { answer: presentOwnAnswer(standing) });
    } else if (
      standing?.public_id !== input.replaces ||
      !(await repository.supersede(trx, { publicId: input.replaces, formId, guardianId: actor.guardianId, studentKey, now }))
    )
      throw new Conflict(consentMessages.answerChanged);
    const answerId = newPublicId();
    const answered = await repository.insertAnswer(trx, {
      public_id: answerId,
      form_id: formId,
      text_id: form.text.id!,
      guardian_id: actor.guardianId,
      student_id: form.perDaughter ? forWhom[0].id : null,
      student_key: studentKey,
      answer: input.answer,
      typed_name: input.typed_name,
      answered_at: now,
    });
    // Another answer stored first, in a transaction that committed while this one waited.
    if (!answered) throw new Conflict(input.replaces === undefined ? consentMessages.alreadyAnswered : consentMessages.answerChanged);
    const words = `“${form.title}”, text version ${form.text.version}: ${input.answer === 'agree' ? 'agreed' : 'did not agree'} (form ${form.publicId})`;
    for (const daughter of forWhom) await writeAudit(trx, actor, { action: 'consent.answered', studentId: daughter.id, detail: words });
    await queueReceipt(deps, trx, actor, { form, forWhom, answer: input, now });
    const standingNow: StandingAnswer = {
      id: 0,
      public_id: answerId,
      form_id: formId,
      guardian_id: actor.guardianId,
      student_key: studentKey,
      answer: input.answer,
      typed_name: input.typed_name,
      answered_at: now,
      version: form.text.version,
    };
    // The form as her dashboard shows it now, her answer standing.
    return presentGuardianConsent(form, forWhom, form.perDaughter ? forWhom[0].id : null, standingNow);
  });
  return { message: consentMessages.answered(stored.title, input.answer), consent: stored };
}

/** Her receipt (decision 067): to her own address, in the answer's transaction. */
async function queueReceipt(
  deps: Deps,
  trx: Executor,
  actor: GuardianActor,
  { form, forWhom, answer, now }: { form: FormView; forWhom: AudienceRow[]; answer: AnswerInput; now: string },
): Promise<void> {
  const email = await repository.guardianEmail(trx, actor.guardianId);
  if (!email) return;
  const [day, time] = utcToZonedLocal(now, deps.config.schoolTimeZone).split('T') as [string, string];
  const composed = consentAnsweredMessage(deps.config, {
    title: form.title,
    agreed: answer.answer === 'agree',
    typedName: answer.typed_name,
    firstNames: forWhom.map((daughter) => daughter.first_name ?? '').filter(Boolean),
    at: `${dateInWords(day)} at ${time}`,
  });
  await enqueueMessages(trx, actor, [
    {
      kind: 'consent',
      recipient: email,
      guardian_id: actor.guardianId,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `consent.answered:${form.publicId}`,
      student_id: forWhom.length === 1 ? forWhom[0].id : null,
    },
  ]);
}
