import { isStorableLine } from './xml-characters.ts';
import { messages } from './messages.ts';

/** Consent forms (issue 51, decision 067): the words and numbers both apps use. */

/** How long each part of a consent form may be, and how far ahead it may close. */
export const consentLimits = {
  /** A form's title, one line. */
  title: 120,
  /** A form's words, several lines (as long as the registration's terms may be). */
  text: 20_000,
  /** The name a guardian types to sign her answer. */
  typedName: 100,
  /** The classes one form may name. */
  classes: 100,
  /** A form closes at most this many days after today. */
  daysAhead: 366,
} as const;

/** A guardian's answer: 'I agree' or 'I do not agree'. */
export const consentAnswers = ['agree', 'disagree'] as const;
export type ConsentAnswer = (typeof consentAnswers)[number];

/** The two buttons' words, as she chooses. */
export const consentAnswerLabels: Record<ConsentAnswer, string> = { agree: 'I agree', disagree: 'I do not agree' };

/** An answer as the staff's list, the CSV and the PDF name it. */
export const consentAnswerWords: Record<ConsentAnswer, string> = { agree: 'Agreed', disagree: 'Did not agree' };

/**
 * Where a student stands on a form, from her guardians' answers: one agreed and none refused
 * (`agreed`); one did not agree (`not_agreed`, which wins); none answered yet (`no_answer`); or no
 * parent's account is linked to her, so nobody can answer in the portal (`no_account`).
 */
export const consentStudentStates = ['agreed', 'not_agreed', 'no_answer', 'no_account'] as const;
export type ConsentStudentState = (typeof consentStudentStates)[number];
export const consentStudentStateLabels: Record<ConsentStudentState, string> = {
  agreed: 'Agreed',
  not_agreed: 'Did not agree',
  no_answer: 'Not answered',
  no_account: 'No parent account',
};

/** A form the admin writes (`form`), or the yearly registration's agreement asked of a guardian (`registration`). */
export const consentKinds = ['form', 'registration'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** The public ID of a school year's registration agreement (2026: 2026-2027), the same on every server. */
export const registrationConsentId = (year: number): string => `registration-${year}`;

/** The letters of any script: a name is signed with at least two of them. */
const LETTER = /\p{L}/gu;

/**
 * Why a typed signature is refused, or null (decision 067): after trimming it is not empty, at most
 * `consentLimits.typedName` characters, one line that can be stored (`isStorableLine`), and holds at
 * least two letters, so that '.', '-' or 'x' does not sign for a parent. It need not match her
 * account's name: she signs as she signs on paper.
 */
export function typedNameProblem(typed: string): string | null {
  const name = typed.trim();
  if (!name) return consentMessages.typeYourName;
  if (name.length > consentLimits.typedName) return messages.tooLong(consentLimits.typedName);
  if (!isStorableLine(name)) return messages.forbiddenCharacter('Your name');
  if ((name.match(LETTER) ?? []).length < 2) return consentMessages.nameNeedsLetters;
  return null;
}

/** A day (yyyy-MM-dd) in words, e.g. 'Friday 12 June 2026'. */
export const consentDayInWords = (day: string): string =>
  new Date(`${day}T12:00:00Z`)
    .toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(',', '');

/** The words of consent forms, as both apps show them. */
export const consentMessages = {
  // Her answer.
  typeYourName: 'Type your full name to sign your answer.',
  nameNeedsLetters: 'Type your name as you sign it, with at least two letters.',
  chooseAnswer: 'Choose I agree or I do not agree.',
  /** A form needed for each daughter, answered without saying for which one. */
  sayWhichDaughter: 'Say which daughter this answer is for.',
  /** Her answer was stored: what she answered and for whom. */
  answered: (title: string, answer: ConsentAnswer) => `Your answer to “${title}” is saved: ${consentAnswerLabels[answer]}.`,
  /** A second answer while the first stands (409): of fifty sent at once, one is kept. */
  alreadyAnswered: 'You have already answered this form. To change your answer, use Change my answer.',
  /** A change of an answer that another change replaced first (409). */
  answerChanged: 'Your answer was changed meanwhile, in another window or device. Reload to see it.',
  /** An answer or a change after the form closed (409). */
  closed: (closesOn: string) => `This form closed on ${closesOn}: answers can no longer be given or changed.`,
  /** The registration's agreement after her form's registration closed (409). */
  registrationClosed: (firstName: string) =>
    `The registration of ${firstName || 'your daughter'} is closed, so its agreement can no longer be given or changed.`,
  noSuchForm: 'There is no such consent form.',

  // The admin's form.
  /** Its closing day is before today, or too far ahead. */
  closesInPast: 'The closing date cannot be before today.',
  closesTooLate: `The closing date must be within ${consentLimits.daysAhead} days.`,
  chooseClasses: 'Choose at least one class.',
  /** The form was changed by someone else since it was read (409). */
  formChanged: 'Someone else changed this form meanwhile. Reload it, then make your change again.',
  /** 'Needed for each daughter' switched once answers exist (409). */
  perDaughterFixed: 'Whether an answer is needed for each daughter cannot change once guardians have answered.',
  /** The registration agreement's words are the school's terms of the year (409). */
  registrationFixed: 'The registration agreement holds the school’s terms of the year; it cannot be edited here.',
  formCreated: (title: string) => `The consent form “${title}” is open for answers.`,
  formSaved: 'The consent form is saved.',
  /** The text changed after guardians answered: a new version, theirs kept. */
  newVersion: (version: number, answers: number) =>
    `The text is saved as version ${version}. The ${answers === 1 ? 'answer' : `${answers} answers`} given before keep the version they agreed to.`,

  // Reminders.
  /** A reminder of a closed form (409). */
  closedNoReminder: 'This form is closed: there is nothing left to remind anyone of.',
  reminderCount: (guardians: number, students: number) =>
    `${guardians === 1 ? '1 parent or guardian' : `${guardians} parents and guardians`} of ${students === 1 ? '1 student' : `${students} students`} have not answered.`,

  // The registration's agreement.
  registrationTitle: (yearLabel: string) => `Yearly registration agreement ${yearLabel}`,
  /** The school's setting, on the Consent Forms screen. */
  settingLabel: 'Ask a linked parent or guardian to agree to the yearly registration too',
} as const;
