import { termLabel, type GuardianRelationship, type LinkVerification } from '@school/contract';
import type { Config } from '../../core/config.ts';
import { utcToZonedLocal } from '../../lib/time-zone.ts';

/** A message's words, plain and HTML. */
export type Composed = { subject: string; text: string; html: string };

/** What every message names beside its news: the school, its office, and the portal's sign-in (never a link to data). */
type School = Pick<Config, 'schoolName' | 'portalUrl'>;

/** Text made safe to put in HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A subject as one line (decision 058): a name it is built from may hold a line break (a student's
 * first name saved with one), which a mail header cannot carry; each run of line breaks and other
 * control characters becomes one space.
 */
export const oneLine = (text: string): string => text.replace(NOT_IN_A_SUBJECT, ' ').replace(/ {2,}/g, ' ').trim();
// eslint-disable-next-line no-control-regex -- these control characters are what the rule is about
const NOT_IN_A_SUBJECT = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** The plain and HTML bodies of paragraphs; `link` is the portal address, made a link in HTML. */
function compose(subject: string, paragraphs: string[], link: string): Composed {
  const text = [...paragraphs, link].join('\n\n') + '\n';
  const html = [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`].join('\n');
  return { subject: oneLine(subject), text, html };
}

const officeLine = (school: School) => `For any question, please contact the school office of ${school.schoolName}.`;

/**
 * Report cards posted (decision 047): the term and the girl's first name, nothing of the card
 * itself; the link is the portal's sign-in.
 */
export function reportPostedMessage(school: School, { firstName, year, term }: { firstName: string; year: number; term: string }): Composed {
  return compose(
    `${school.schoolName}: a report card is ready`,
    [`The ${termLabel(year, term)} report of ${firstName} is ready in the portal. Sign in to read it.`, officeLine(school)],
    `${school.portalUrl}/`,
  );
}

/**
 * A registration reminder (decision 047): the steps still to do and the deadline, nothing of what
 * she has entered; the link is the portal's sign-in.
 */
export function registrationReminderMessage(
  school: School,
  { firstName, stepsToDo, deadline }: { firstName: string; stepsToDo: string[]; deadline: string | null },
): Composed {
  return compose(
    `${school.schoolName}: registration is not finished`,
    [
      `The registration of ${firstName} in the portal is not finished yet.`,
      `Still to do: ${stepsToDo.join(', ')}.`,
      deadline ? `The deadline is ${deadline}.` : 'Please finish it soon.',
      officeLine(school),
    ],
    `${school.portalUrl}/`,
  );
}

/** A student's day as her parents are told it: absent, arrived late at a time (hh:mm), or present (only ever in a correction). */
export type DayState = { kind: 'absent' } | { kind: 'arrived'; time: string } | { kind: 'present' };

/** A school date (yyyy-MM-dd) in words, e.g. 'Monday 23 November 2026'. */
export const dateInWords = (date: string) =>
  new Date(`${date}T00:00:00Z`)
    .toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(',', '');

const dayLine = (firstName: string, date: string, state: DayState) =>
  state.kind === 'absent'
    ? `On ${dateInWords(date)}, ${firstName} was absent.`
    : state.kind === 'arrived'
      ? `On ${dateInWords(date)}, ${firstName} arrived at ${state.time}.`
      : `On ${dateInWords(date)}, ${firstName} was present from the start of the day.`;

/**
 * Absence or lateness (decision 047): the girl's first name, the date and 'absent' or her arrival
 * time, nothing else of her day; its one link is the parent's stop link. A correction says so.
 */
export function absenceMessage(
  school: School,
  { firstName, date, state, correction, stopLink }: { firstName: string; date: string; state: DayState; correction: boolean; stopLink: string },
): Composed {
  return compose(
    `${school.schoolName}: ${correction ? 'correction, ' : ''}${firstName} on ${dateInWords(date)}`,
    [
      correction ? `Correction to our earlier message: ${dayLine(firstName, date, state)}` : dayLine(firstName, date, state),
      officeLine(school),
      `To stop these messages about ${firstName}, open this link:`,
    ],
    stopLink,
  );
}

/** What a staff security notice tells of (decision 047). */
export type StaffSecurityEvent =
  | { kind: 'signed-in'; device: string | null }
  | { kind: 'factor-added' | 'factor-removed'; factor: 'authenticator app' | 'passkey' }
  | { kind: 'factors-reset' }
  /** Her notice address changed (told to the address she had, decision 058); `removed` when she now has none. */
  | { kind: 'email-changed'; removed: boolean };

/**
 * A browser as a notice names it: a name such as "Firefox on Linux", else 'an unknown browser'. A
 * User-Agent the portal does not recognise is the sender's own words, and a notice never carries them.
 */
const browserWords = (device: string | null) => (device && /^[A-Za-z]+( on [A-Za-z]+)?$/.test(device) ? device : 'an unknown browser');

const staffEventLine = (event: StaffSecurityEvent, username: string, when: string) => {
  const article = (factor: string) => (/^[aeiou]/.test(factor) ? `An ${factor}` : `A ${factor}`);
  switch (event.kind) {
    case 'signed-in':
      return `Your staff account ${username} was signed in to on ${when} from a browser it has not used lately (${browserWords(event.device)}).`;
    case 'factor-added':
      return `${article(event.factor)} was added to your staff account ${username} as a second factor on ${when}.`;
    case 'factor-removed':
      return `${article(event.factor)} was removed from your staff account ${username} on ${when}.`;
    case 'email-changed':
      return event.removed
        ? `The e-mail address for the security notices of your staff account ${username} was removed on ${when}: no more notices are sent to this address or any other.`
        : `The e-mail address for the security notices of your staff account ${username} was changed on ${when}: from now on they go to another address, not this one.`;
    case 'factors-reset':
      return `An admin removed every second factor of your staff account ${username} on ${when}: its authenticator app, recovery codes and passkeys no longer sign you in. Set up a new one on your account page.`;
  }
};

const staffEventSubject: Record<StaffSecurityEvent['kind'], string> = {
  'signed-in': 'a new sign-in to your staff account',
  'factor-added': 'a second factor was added to your staff account',
  'factor-removed': 'a second factor was removed from your staff account',
  'factors-reset': 'the second factors of your staff account were removed',
  'email-changed': 'the notice address of your staff account was changed',
};

/**
 * A staff security notice (decision 047): what happened to her account and when, on the school's
 * clock, and what to do if it was not her; no student's data and no address of the request. The
 * link is the staff sign-in.
 */
export function staffSecurityMessage(
  school: School & Pick<Config, 'schoolTimeZone'>,
  { username, event, at }: { username: string; event: StaffSecurityEvent; at: string },
): Composed {
  const [day, time] = utcToZonedLocal(at, school.schoolTimeZone).split('T') as [string, string];
  const when = `${dateInWords(day)} at ${time} (school time)`;
  return compose(
    `${school.schoolName}: ${staffEventSubject[event.kind]}`,
    [
      staffEventLine(event, username, when),
      'If this was you, there is nothing to do.',
      "If it was not you, please tell the school's admin at once: they can end your sessions and give you a new password.",
    ],
    `${school.portalUrl}/admin`,
  );
}

/** What every admin is told of another staff member (issue 49). */
export type AdminsEvent =
  { kind: 'many-records'; username: string; used: number; limit: number } | { kind: 'admin-created' | 'made-admin'; username: string; by: string };

const adminsEventSubject: Record<AdminsEvent['kind'], string> = {
  'many-records': 'a staff member opened many student records today',
  'admin-created': 'a new administrator account',
  'made-admin': 'a staff account was made an administrator',
};

const adminsEventLine = (event: AdminsEvent, when: string) => {
  switch (event.kind) {
    case 'many-records':
      return `The staff account ${event.username} has used ${event.used} of its ${event.limit} whole-school exports allowed today, student records opened one by one counted as one export per 100 (${when}).`;
    case 'admin-created':
      return `A new administrator account, ${event.username}, was created by ${event.by} on ${when}.`;
    case 'made-admin':
      return `The staff account ${event.username} was made an administrator by ${event.by} on ${when}.`;
  }
};

/**
 * A notice to every admin (issue 49): what another staff account did and when, on the school's
 * clock; no student's data. The link is the staff sign-in, where the dashboard and staff screen say more.
 */
export function adminsMessage(school: School & Pick<Config, 'schoolTimeZone'>, { event, at }: { event: AdminsEvent; at: string }): Composed {
  const [day, time] = utcToZonedLocal(at, school.schoolTimeZone).split('T') as [string, string];
  const when = `${dateInWords(day)} at ${time} (school time)`;
  return compose(
    `${school.schoolName}: ${adminsEventSubject[event.kind]}`,
    [adminsEventLine(event, when), 'If this is expected, there is nothing to do. If not, you can disable the account on the staff screen at once.'],
    `${school.portalUrl}/admin`,
  );
}

/**
 * The code a staff member types before enrolling her first second factor (decision 057): the code,
 * how long it works, and what to do if she did not ask for it. Nothing else of her account.
 */
export function enrolmentCodeMessage(school: School, { username, code, minutes }: { username: string; code: string; minutes: number }): Composed {
  return compose(
    `${school.schoolName}: your code to set up a second factor`,
    [
      `Your code to set up a second factor for the staff account ${username} is ${code}. It works for ${minutes} minutes.`,
      "If you did not ask for it, someone knows your password: please tell the school's admin at once.",
    ],
    `${school.portalUrl}/admin`,
  );
}

/** A change to a guardian's two-step sign-in (decision 062), as her security notice tells it. */
export type GuardianSecurityEvent =
  | { kind: 'factor-added' | 'factor-removed'; factor: 'authenticator app' | 'passkey' }
  | { kind: 'factors-removed' }
  /** An admin removed them for her (a lost phone and codes). */
  | { kind: 'factors-reset' };

/**
 * A mail about a guardian's account (decision 062): a link to set a new password, an invitation to
 * link her to a daughter, or a security notice of a change to her two-step sign-in (at `at`).
 */
export type GuardianAccountMail =
  | { kind: 'password-reset'; link: string; minutes: number }
  | { kind: 'invitation'; link: string; firstName: string; hours: number }
  | { kind: 'security'; event: GuardianSecurityEvent; at: string };

const guardianEventSubject = (event: GuardianSecurityEvent): string => {
  if (event.kind === 'factors-removed') return 'two-step sign-in was turned off on your account';
  if (event.kind === 'factors-reset') return 'the school removed two-step sign-in from your account';
  const what = event.factor === 'passkey' ? 'a passkey' : 'an authenticator app';
  return event.kind === 'factor-added' ? `${what} was added to your account` : `${what} was removed from your account`;
};

const guardianEventLine = (event: GuardianSecurityEvent, when: string): string => {
  if (event.kind === 'factors-removed')
    return `Two-step sign-in was turned off for your parents' portal account on ${when}: its authenticator app, recovery codes and passkeys no longer sign you in, and your password alone does.`;
  if (event.kind === 'factors-reset')
    return `The school removed two-step sign-in from your parents' portal account on ${when}: its authenticator app, recovery codes and passkeys no longer sign you in, and your password alone does. You can turn it on again on your account page. If you did not ask the school for this, tell the school at once.`;
  const what = event.factor === 'passkey' ? 'A passkey' : 'An authenticator app';
  return event.kind === 'factor-added'
    ? `${what} was added to your parents' portal account as a second step of sign-in on ${when}.`
    : `${what} was removed from your parents' portal account on ${when}.`;
};

/**
 * A guardian's account mail: the single-use link and how long it works, and what to do if she did
 * not ask for it. An invitation names the school and the girl's first name only, nothing else of her.
 * A security notice says what changed and when, on the school's clock, and what to do if it was not
 * her; its link is the parents' sign-in.
 */
export function guardianAccountMessage(school: School & Pick<Config, 'schoolTimeZone'>, mail: GuardianAccountMail): Composed {
  if (mail.kind === 'security') {
    const [day, time] = utcToZonedLocal(mail.at, school.schoolTimeZone).split('T') as [string, string];
    return compose(
      `${school.schoolName}: ${guardianEventSubject(mail.event)}`,
      [
        guardianEventLine(mail.event, `${dateInWords(day)} at ${time} (school time)`),
        'If this was you, there is nothing to do.',
        "If it was not you, someone may know your password: set a new one at once with 'Forgot password?' on the sign-in page, and tell the school office.",
      ],
      `${school.portalUrl}/parents`,
    );
  }
  if (mail.kind === 'password-reset')
    return compose(
      `${school.schoolName}: set a new password`,
      [
        `Someone asked to set a new password for the parents' portal account of this address. The link below works once, for ${mail.minutes} minutes.`,
        'If it was not you, there is nothing to do: your password stays as it is.',
        officeLine(school),
      ],
      mail.link,
    );
  return compose(
    `${school.schoolName}: your invitation to the parents' portal`,
    [
      `${school.schoolName} invites you to follow ${mail.firstName} in its parents' portal: her report cards, her attendance and the school's messages.`,
      `The link below works once, for ${mail.hours} hours. If you do not know ${mail.firstName}, please ignore this message.`,
      officeLine(school),
    ],
    mail.link,
  );
}

/** How a link was verified, in words (decision 062). */
const verifiedInWords: Record<LinkVerification, string> = {
  invitation: 'an invitation the school sent to their e-mail address',
  letter: 'a code from a letter the school handed out',
  office: 'the school office',
};

/**
 * A new link between a guardian and a girl (decision 062), told to the school office and to the
 * girl's other guardians: who was linked, as what, how it was verified, and what to do if it is
 * wrong. The office's copy names the student ID too.
 */
export function linkAddedMessage(
  school: School,
  {
    firstName,
    studentId,
    guardianName,
    relationship,
    verifiedBy,
    toOffice,
  }: {
    firstName: string;
    studentId: string;
    guardianName: string;
    relationship: GuardianRelationship;
    verifiedBy: LinkVerification;
    toOffice: boolean;
  },
): Composed {
  const who = toOffice ? `${firstName} (student ID ${studentId})` : firstName;
  return compose(
    `${school.schoolName}: ${guardianName} is now linked to ${firstName}`,
    [
      `${guardianName} was linked to ${who} in the portal as ${relationship === 'other' ? 'a family member' : `her ${relationship}`}, verified by ${verifiedInWords[verifiedBy]}.`,
      toOffice
        ? 'If this link is wrong, restrict or revoke it on the Guardians screen.'
        : `If you do not know of this, please contact the school office of ${school.schoolName} at once.`,
    ],
    `${school.portalUrl}/${toOffice ? 'admin' : 'parents'}`,
  );
}

/**
 * A girl changed a parent e-mail of her record while it is where the school's messages go (decision
 * 064): told to the address that was replaced, without the new one.
 */
export function familyAddressChangedMessage(school: School, { firstName }: { firstName: string }): Composed {
  return compose(
    `${school.schoolName}: the e-mail address for messages about ${firstName} was changed`,
    [
      `The e-mail address for messages about ${firstName} was changed in the portal: the school's messages about her no longer come to this address.`,
      `If you did not expect this, please contact the school office of ${school.schoolName}.`,
    ],
    `${school.portalUrl}/parents`,
  );
}

/** Field names joined for a sentence: 'A', 'A and B', 'A, B and C'. */
const inWords = (labels: readonly string[]): string =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;

/**
 * A girl changed a parent's e-mail or phone in her record while a guardian is linked (decision 066):
 * told to her guardians, naming the details changed, never their values.
 */
export function familyContactChangedMessage(school: School, { firstName, labels }: { firstName: string; labels: readonly string[] }): Composed {
  return compose(
    `${school.schoolName}: contact details in ${firstName}'s record were changed`,
    [
      `${firstName} changed these details in her record in the portal: ${inWords(labels)}. The school uses them to reach her family.`,
      `If they are not right, sign in to the parents' portal to propose a correction, or contact the school office of ${school.schoolName}.`,
    ],
    `${school.portalUrl}/parents`,
  );
}

/** Names in a sentence: 'Amelia', 'Amelia and Zoe', 'Amelia, Zoe and Kezia'. */
const namesInWords = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * A guardian's receipt of her answer to a consent form (decision 067), to her own address: the
 * form's title, her answer, the name she signed with and when, for whom; nothing of the form's words.
 */
export function consentAnsweredMessage(
  school: School,
  { title, agreed, typedName, firstNames, at }: { title: string; agreed: boolean; typedName: string; firstNames: string[]; at: string },
): Composed {
  const about = firstNames.length > 0 ? ` for ${namesInWords(firstNames)}` : '';
  return compose(
    `${school.schoolName}: your answer to “${title}”`,
    [
      `You answered “${title}”${about}: ${agreed ? 'I agree' : 'I do not agree'}, signed “${typedName}”, on ${at} (school time).`,
      'You can see or change your answer in the parents’ portal until the form closes.',
      `If you did not give this answer, please contact the school office of ${school.schoolName} at once.`,
    ],
    `${school.portalUrl}/parents`,
  );
}

/** A guardian's contact change received (decision 066): told to her, naming the details, never the values. */
export function contactChangeReceivedMessage(school: School, { firstName, labels }: { firstName: string; labels: readonly string[] }): Composed {
  return compose(
    `${school.schoolName}: your changes for ${firstName} were received`,
    [
      `The school office received your changes to your details in the record of ${firstName}: ${inWords(labels)}. You will get a message when it answers.`,
      `If you did not send them, please contact the school office of ${school.schoolName} at once.`,
    ],
    `${school.portalUrl}/parents`,
  );
}

/** A guardian's contact change to answer, told to the school office (`OFFICE_EMAIL`): who, for which girl, which details. */
export function contactChangeToOfficeMessage(
  school: School,
  { firstName, studentId, guardianName, labels }: { firstName: string; studentId: string; guardianName: string; labels: readonly string[] },
): Composed {
  return compose(
    `${school.schoolName}: ${guardianName} proposed contact changes for ${firstName}`,
    [
      `${guardianName} proposed changes to their details in the record of ${firstName} (student ID ${studentId}): ${inWords(labels)}.`,
      'Approve or decline them on the Contact Changes screen.',
    ],
    `${school.portalUrl}/admin`,
  );
}

/** The office's answer to a guardian's contact change (decision 066): which details were approved and which declined, never their values. */
export function contactChangeAnsweredMessage(
  school: School,
  { firstName, approved, declined }: { firstName: string; approved: readonly string[]; declined: readonly string[] },
): Composed {
  return compose(
    `${school.schoolName}: your changes for ${firstName} were answered`,
    [
      `The school office answered your changes to your details in the record of ${firstName}.`,
      ...(approved.length > 0 ? [`Approved, and now in the record: ${inWords(approved)}.`] : []),
      ...(declined.length > 0 ? [`Declined: ${inWords(declined)}.`] : []),
      `Sign in to the parents' portal to see the answer. ${officeLine(school)}`,
    ],
    `${school.portalUrl}/parents`,
  );
}

/** A note's days and sessions in words: 'Monday 23 November 2026 (morning)', or a range from one day to another. */
export function noteDaysInWords({ from, to, sessions }: { from: string; to: string; sessions: 'am' | 'pm' | 'both' }): string {
  const days = from === to ? dateInWords(from) : `${dateInWords(from)} to ${dateInWords(to)}`;
  const part =
    sessions === 'both' ? '' : from === to ? (sessions === 'am' ? ' (morning)' : ' (afternoon)') : sessions === 'am' ? ' (mornings)' : ' (afternoons)';
  return `${days}${part}`;
}

/** What an absence note's message tells (decision 065): a note sent (to the office, or her family), or the office's answer. */
export type AbsenceNoteNews =
  | { kind: 'sent'; to: 'office' | 'family'; sender: string; byStudent: boolean; studentId: string; classId: string | null }
  | { kind: 'answered'; status: 'accepted' | 'declined'; toStudent: boolean };

/**
 * An absence note's message (decision 065): the girl's first name, the days it covers, and who sent
 * it or what the office answered; never its reason, its words or its file (DESIGN §5: no health
 * detail in a message), nor the reason of a decline: the family reads that in the portal.
 */
export function absenceNoteMessage(
  school: School,
  { firstName, days, news }: { firstName: string; days: { from: string; to: string; sessions: 'am' | 'pm' | 'both' }; news: AbsenceNoteNews },
): Composed {
  const when = noteDaysInWords(days);
  if (news.kind === 'sent' && news.to === 'office')
    return compose(
      `${school.schoolName}: an absence note for ${firstName} to answer`,
      [
        `${news.sender} sent an absence note for ${firstName} (student ID ${news.studentId}${news.classId ? `, class ${news.classId}` : ''}) for ${when}.`,
        'Accept or decline it on the Absence Notes screen.',
      ],
      `${school.portalUrl}/admin`,
    );
  if (news.kind === 'sent')
    return compose(
      `${school.schoolName}: an absence note for ${firstName}`,
      [
        news.byStudent
          ? `${firstName} sent the school an absence note herself for ${when}.`
          : `${news.sender} sent the school an absence note for ${firstName} for ${when}.`,
        'The school’s answer will show in the portal, and you will be told of it.',
        officeLine(school),
      ],
      `${school.portalUrl}/parents`,
    );
  return compose(
    `${school.schoolName}: the absence note for ${firstName} was ${news.status}`,
    [
      news.status === 'accepted'
        ? `The school accepted the absence note for ${firstName} for ${when}: those sessions count as excused.`
        : `The school declined the absence note for ${firstName} for ${when}. Sign in to the portal to read why.`,
      officeLine(school),
    ],
    `${school.portalUrl}/${news.toStudent ? '' : 'parents'}`,
  );
}

/** The office's reminder of a consent form a guardian has not answered (decision 067): its title, for whom, and by when. */
export function consentReminderMessage(
  school: School,
  { title, firstNames, closesOn }: { title: string; firstNames: string[]; closesOn: string | null },
): Composed {
  const about = firstNames.length > 0 ? ` about ${namesInWords(firstNames)}` : '';
  return compose(
    `${school.schoolName}: your answer is needed to “${title}”`,
    [
      `The school asks for your answer to “${title}”${about}.`,
      `Please sign in to the parents’ portal and answer it${closesOn ? ` by ${dateInWords(closesOn)}` : ''}.`,
      officeLine(school),
    ],
    `${school.portalUrl}/parents`,
  );
}
