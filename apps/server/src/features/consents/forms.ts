import {
  consentLimits,
  consentMessages,
  messages,
  type ConsentForm,
  type ConsentFormChangeRequest,
  type ConsentFormRequest,
  type ConsentForms,
  type ConsentKind,
  type ConsentSettings,
} from '@school/contract';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound } from '../../lib/errors.ts';
import { zonedDay } from '../../lib/time-zone.ts';
import type { AdminActor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { newPublicId } from '../guardians/index.ts';
import { nextVersion } from '../registration/index.ts';
import { presentForm, presentSummary } from './presenter.ts';
import { keepWords, REGISTRATION_SETTING, registrationAsked, registrationYear, type RegistrationYear } from './registration-agreement.ts';
import { consentsRepository as repository, type FormRow } from './repository.ts';

/**
 * A consent form as the feature works with it (decision 067): a stored form, or the year's
 * registration agreement before its first answer stores it (`row` null), with its classes, its words
 * now and their versions, the answers standing, and whether it takes answers today.
 */
export type FormView = {
  row: FormRow | null;
  publicId: string;
  kind: ConsentKind;
  title: string;
  perDaughter: boolean;
  closesOn: string | null;
  classIds: string[];
  text: { id: number | null; version: number; text: string };
  versions: Array<{ version: number; created_at: string }>;
  answers: number;
  open: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Today as the school's calendar reads it (yyyy-MM-dd): a form is open through its closing day. */
export const schoolToday = (deps: Pick<Deps, 'config'>, now = new Date()): string => zonedDay(now, deps.config.schoolTimeZone);

/** A day `days` after `day` (yyyy-MM-dd). */
const daysAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the views of stored forms are made with: today, the year's registration, and whether the school asks for it. */
type ViewContext = { today: string; registration: RegistrationYear; asked: boolean };

async function viewContext(deps: Pick<Deps, 'config'>, db: Executor): Promise<ViewContext> {
  // One after another: `db` may be a transaction, one connection.
  const registration = await registrationYear(db);
  return { today: schoolToday(deps), registration, asked: await registrationAsked(db) };
}

/** Whether a stored form takes answers today: through its closing day; the registration's while the school asks for it, in its year. */
const isOpen = (row: FormRow, context: ViewContext): boolean =>
  row.kind === 'registration' ? context.asked && row.school_year === context.registration.year : row.closes_on !== null && context.today <= row.closes_on;

/** The views of stored forms, in their order. */
async function viewsOf(db: Executor, rows: FormRow[], context: ViewContext): Promise<FormView[]> {
  const ids = rows.map((row) => row.id);
  const classes = await repository.classesOf(db, ids);
  const texts = await repository.textsOf(db, ids);
  const counts = await repository.standingCounts(db, ids);
  return rows.map((row) => {
    const versions = texts.filter((text) => text.form_id === row.id);
    const latest = versions.at(-1);
    return {
      row,
      publicId: row.public_id,
      kind: row.kind,
      title: row.title,
      perDaughter: row.per_daughter === 1,
      closesOn: row.closes_on,
      classIds: classes.filter((each) => each.form_id === row.id).map((each) => each.class_id),
      text: latest ? { id: latest.id, version: latest.version, text: latest.text } : { id: null, version: 1, text: '' },
      versions: versions.map((text) => ({ version: text.version, created_at: text.created_at })),
      answers: Number(counts.find((count) => count.form_id === row.id)?.count ?? 0),
      open: isOpen(row, context),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

/** The year's registration agreement before its first answer: nothing stored, its words the year's terms. */
function unstoredRegistration(registration: RegistrationYear, asked: boolean, now: string): FormView {
  return {
    row: null,
    publicId: registration.publicId,
    kind: 'registration',
    title: registration.title,
    perDaughter: true,
    closesOn: null,
    classIds: [],
    text: { id: null, version: 1, text: registration.text },
    versions: [{ version: 1, created_at: now }],
    answers: 0,
    open: asked,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The form named by its public ID, or undefined: a stored form, or this year's registration
 * agreement while the school asks for it (stored or not yet).
 */
export async function findForm(deps: Pick<Deps, 'config'>, db: Executor, publicId: string): Promise<FormView | undefined> {
  const context = await viewContext(deps, db);
  const row = await repository.form(db, publicId);
  if (row) return (await viewsOf(db, [row], context))[0];
  if (publicId === context.registration.publicId && context.asked) return unstoredRegistration(context.registration, true, nowIso());
  return undefined;
}

/** The form named, or 404 as for one that does not exist. */
export async function formOrNotFound(deps: Pick<Deps, 'config'>, db: Executor, publicId: string): Promise<FormView> {
  const form = await findForm(deps, db, publicId);
  if (!form) throw new NotFound(consentMessages.noSuchForm);
  return form;
}

/** `GET /api/consents`: every form, newest first (this year's registration agreement first while asked for), and the school's switch. */
export async function listForms(deps: Deps): Promise<ConsentForms> {
  const context = await viewContext(deps, deps.db);
  const views = await viewsOf(deps.db, await repository.forms(deps.db), context);
  const storedThisYear = views.some((view) => view.publicId === context.registration.publicId);
  const registration = context.asked && !storedThisYear ? [unstoredRegistration(context.registration, true, nowIso())] : [];
  const thisYears = views.filter((view) => view.publicId === context.registration.publicId);
  const others = views.filter((view) => view.publicId !== context.registration.publicId);
  return { forms: [...registration, ...thisYears, ...others].map(presentSummary), registration_agreement: context.asked };
}

/** `GET /api/consents/{id}`: a form with its words now and their versions. */
export async function readForm(deps: Deps, publicId: string): Promise<ConsentForm> {
  return presentForm(await formOrNotFound(deps, deps.db, publicId));
}

/** Refuses a closing day before today or more than `consentLimits.daysAhead` days ahead (422 on `closes_on`). */
function checkClosingDay(deps: Pick<Deps, 'config'>, closesOn: string): void {
  const today = schoolToday(deps);
  if (closesOn < today) throw invalidField('closes_on', consentMessages.closesInPast);
  if (closesOn > daysAfter(today, consentLimits.daysAhead)) throw invalidField('closes_on', consentMessages.closesTooLate);
}

/** Refuses a class the school does not have (422 on `class_ids`, naming them). */
async function checkClasses(db: Executor, classIds: readonly string[]): Promise<void> {
  const known = await repository.existingClasses(db, classIds);
  const unknown = classIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidField('class_ids', messages.noSuchClass(unknown.join(', ')));
}

/** `POST /api/consents` (admins): a new form, open for answers through its closing day; audited. */
export async function createForm(
  deps: Deps,
  actor: AdminActor,
  input: ConsentFormRequest & { per_daughter: boolean; class_ids: string[] },
): Promise<ConsentForm> {
  checkClosingDay(deps, input.closes_on);
  await checkClasses(deps.db, input.class_ids);
  const publicId = newPublicId();
  await deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const formId = await repository.insertForm(trx, {
      public_id: publicId,
      kind: 'form',
      title: input.title,
      per_daughter: input.per_daughter ? 1 : 0,
      closes_on: input.closes_on,
      school_year: null,
      created_by: actor.adminId,
      created_at: now,
      updated_at: now,
    });
    await repository.setClasses(trx, formId, input.class_ids);
    await repository.insertText(trx, { form_id: formId, version: 1, text: input.text, created_by: actor.adminId, created_at: now });
    await writeAudit(trx, actor, {
      action: 'consent-form.created',
      detail: `form ${publicId} for class${input.class_ids.length === 1 ? '' : 'es'} ${input.class_ids.join(', ')}, closing ${input.closes_on}`,
    });
  });
  return readForm(deps, publicId);
}

/**
 * `PATCH /api/consents/{id}` (admins): the changes given, if the form is still as she read it
 * (`updated_at`, else 409). New words are a new text version once a guardian has answered the words
 * now, so every answer keeps the exact words it agreed to; 'needed for each daughter' cannot change
 * once anyone answered. The registration's agreement holds the year's terms and is not edited here.
 * Audited, with the fields changed.
 */
export async function changeForm(deps: Deps, actor: AdminActor, publicId: string, input: ConsentFormChangeRequest): Promise<ConsentForm> {
  const form = await formOrNotFound(deps, deps.db, publicId);
  if (form.kind === 'registration' || !form.row) throw new Conflict(consentMessages.registrationFixed);
  if (input.closes_on !== undefined && input.closes_on !== form.closesOn) checkClosingDay(deps, input.closes_on);
  if (input.class_ids !== undefined) await checkClasses(deps.db, input.class_ids);
  const row = form.row;
  await deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const changed: string[] = [];
    const perDaughter = input.per_daughter === undefined ? undefined : input.per_daughter ? 1 : 0;
    if (perDaughter !== undefined && perDaughter !== row.per_daughter) {
      if (await repository.anyAnswer(trx, row.id)) throw new Conflict(consentMessages.perDaughterFixed);
      changed.push('needed for each daughter');
    }
    if (input.title !== undefined && input.title !== row.title) changed.push('title');
    if (input.closes_on !== undefined && input.closes_on !== row.closes_on) changed.push(`closing day ${input.closes_on}`);
    const written = await repository.updateForm(trx, row.id, input.updated_at, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.closes_on !== undefined ? { closes_on: input.closes_on } : {}),
      ...(perDaughter !== undefined ? { per_daughter: perDaughter } : {}),
      updated_at: nextVersion(row.updated_at),
    });
    if (!written) throw new Conflict(consentMessages.formChanged);
    if (input.class_ids !== undefined && input.class_ids.join(',') !== form.classIds.join(',')) {
      await repository.setClasses(trx, row.id, input.class_ids);
      changed.push(`classes ${input.class_ids.join(', ')}`);
    }
    if (input.text !== undefined && input.text !== form.text.text) {
      const words = await keepWords(trx, row.id, input.text, actor.adminId, now);
      changed.push(`text version ${words.version}`);
    }
    await writeAudit(trx, actor, { action: 'consent-form.changed', detail: `form ${publicId}: ${changed.join(', ') || 'nothing'}` });
  });
  return readForm(deps, publicId);
}

/** `GET /api/consent-settings` (admins). */
export async function readConsentSettings(deps: Deps): Promise<ConsentSettings> {
  return { registration_agreement: await registrationAsked(deps.db) };
}

/** `PUT /api/consent-settings` (admins): the school's switch, audited. Switched off, the registration's agreement is no longer asked; its answers stay. */
export async function saveConsentSettings(deps: Deps, actor: AdminActor, settings: ConsentSettings): Promise<ConsentSettings> {
  await deps.writeTransaction(async (trx) => {
    await repository.setSetting(trx, REGISTRATION_SETTING, settings.registration_agreement);
    await writeAudit(trx, actor, { action: 'consent-settings.changed', detail: `registration agreement ${settings.registration_agreement ? 'on' : 'off'}` });
  });
  return readConsentSettings(deps);
}
