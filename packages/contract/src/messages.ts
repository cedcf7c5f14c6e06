import { serverMessages } from './server-messages.ts';

/**
 * Every message the spec quotes, every other message said in more than one place, so the form and
 * the server say the same words, and every refusal of the server (`serverMessages`).
 */
export const messages = {
  required: 'This field is required.',
  invalidEmail: 'Invalid e-mail',
  sevenDigits: '7 Digits Needed',
  onlyNumbers: 'Only Numbers Allowed',
  futureDate: 'The date cannot be in the future.',
  invalidDate: 'Enter a date as yyyy-MM-dd.',
  /** A day in a query or a path that is not a real date written yyyy-MM-dd. */
  dayShape: 'Use a real date written yyyy-MM-dd.',
  /** A paged list's `page` that is not a whole number from 1. */
  pageNumber: 'page is a whole number from 1.',
  adminRequired: 'Required',
  usernameEmpty: 'Username field empty',
  passwordChanged: 'Password Changed Successfully.',
  updated: 'Updated Successfully.',
  updateFailed: 'Error Occured.',
  selectFile: 'Please select a file!',
  uploadFailed: 'Could not upload the file',
  deleteFailed: 'Error Occured. File Could not be deleted',
  tooLong: (max: number) => `At most ${max} characters.`,
  /** Under the registration form, wherever it is shown (SPEC §2). */
  legalSheet: 'Printing this form needs a legal sheet (8 1/2 x 14).',
  /** The student's confirmation once every step is complete and she has agreed (the Complete step and her dashboard). */
  registrationComplete: (academicYear: string) => `Your registration for ${academicYear} is complete`,
  /** An attendance report's range that runs backwards (the dialog and the server). */
  endBeforeStart: 'The end date is before the start date.',
  /** Under that confirmation: what to do when something changes later. */
  registrationChanges: 'If something changes, update it here and tell the school office.',
  chooseOption: 'Choose one of the options.',
  /** A value a schema refuses without a message of its own. */
  invalidValue: 'This value is not valid.',
  /** A student ID that names no student (404). */
  noSuchStudent: 'There is no student with that ID.',
  /** The signed-in student's own record is gone (404). */
  ownRecordNotFound: 'Your student record was not found.',
  /** A student asked for another student's data (403). */
  onlyOwnRecords: 'You can only see your own records.',
  /** A student who has left the school signed in with the right password (403, issue 35). */
  accountClosedLeft: 'This account is closed because the student has left the school. Please contact the school office.',
  /** A student or a visitor asked for an admin's call (403). */
  adminsOnly: 'Only school administrators can do this.',
  /** Staff asked for a call that shows a student what the school holds about her (403). */
  studentsOnly: 'Only a student can see what the school holds about her own record.',
  /** 'Download my data' asked for more often than its hourly allowance (429). */
  myDataTooOften: (perHour: number, minutes: number) =>
    `You can download your data ${perHour} times an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** A staff member asked for a call her role does not allow (403, decision 048). */
  roleNotAllowed: 'Your role does not allow this.',
  /** A teacher asked for a class, or a student of a class, not assigned to her (403). */
  notYourClass: 'You can only see the classes assigned to you.',
  /** A second factor's code field left empty. */
  enterCode: 'Enter the code from your authenticator app, or a recovery code.',
  /** A second factor's code that is not right (decision 043). */
  wrongCode: 'That code is not right. Enter the 6 digits your authenticator app shows now, or a recovery code.',
  /** An authenticator-app code used already (its time step or a later one has been accepted). */
  codeUsed: 'That code has been used already. Wait for the next one and enter it.',
  /** A recovery code of the account given again after it was used (not counted as a wrong code, decision 058). */
  recoveryCodeUsed: 'That recovery code has been used already. Enter another one.',
  /** Too many wrong codes for the account (429). */
  codesLocked: (minutes: number) => `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** A second factor given with no sign-in waiting for it, or one that waited too long (401). */
  signInAgain: 'Please sign in again with your username and password.',
  /**
   * Why a sign-in with the school's own accounts came back refused (decision 076), by the code the
   * callback puts in the sign-in screen's address.
   */
  providerSignIn: {
    unknown: 'Your school account is not linked to an account here. Ask the school office to add your school e-mail address to your account.',
    unverified: 'Your school account has no verified e-mail address, so it cannot be matched to an account here. Ask the school office.',
    refused: 'The school’s sign-in did not let you in. Try again, or ask the school office.',
    failed: 'Signing in with your school account did not work. Please try again.',
    'not-allowed': 'Signing in with your school account is not open to this kind of account.',
  },
  /** A step-up or confirmation by a staff member who has no authenticator app enrolled. */
  noFactorYet: 'Set up an authenticator app on your account page first.',
  /** A passkey added without a name (decision 043). */
  passkeyNameEmpty: 'Give the passkey a name, such as the device it is on.',
  /** A passkey name longer than the limit. */
  passkeyNameTooLong: 'Keep the name to 60 characters or fewer.',
  /** A new passkey the server could not verify (a bad or foreign answer from the browser). */
  passkeyNotAdded: 'This passkey could not be added. Please try again, or use another device.',
  /** A passkey that did not prove the account (wrong account, copied key, or a bad answer). */
  passkeyNotAccepted: 'That passkey was not accepted. Please try again, or use a code from your authenticator app.',
  /** A passkey answer whose challenge was used already, expired, or never handed out. */
  passkeyTryAgain: 'That passkey request has expired or was used already. Please try again.',
  /** The browser's passkey prompt was closed, timed out, or the device had no passkey for this portal. */
  passkeyCancelled: 'The passkey was not used. Please try again, or use a code from your authenticator app.',
  /** A browser that cannot use passkeys. */
  passkeysUnsupported: 'This browser cannot use passkeys. Please use another browser, or a code from your authenticator app.',
  /** The portal opened at another address than PORTAL_URL (`address`), whose host name passkeys belong to. */
  passkeysElsewhere: (address: string) => `Passkeys work only at the portal's own address. Please open the portal at ${address} and use your passkey there.`,
  /**
   * The portal opened at another address than the one it assumes without PORTAL_URL (localhost):
   * only the administrator can give it its address (`here` is the one she opened).
   */
  passkeysNeedPortalUrl: (here: string) =>
    `Passkeys work only at the portal's own address, which it has not been given. Please ask the administrator to set PORTAL_URL to the address you open the portal at (${here}).`,
  /** A passkey step-up or sign-in asked for by an account that has none. */
  noPasskeyYet: 'Add a passkey on your account page first.',
  /** The last second factor removed while STAFF_MFA=required (409). */
  lastFactorKept: 'This is your only second factor, and this school requires one. Add another passkey or an authenticator app before removing it.',
  /** A bulk export asked for without a second factor given in the last 15 minutes (403 `step_up_required`, decision 049). */
  stepUpRequired: 'Enter a code from your authenticator app to confirm it is you. Whole-school exports need it every 15 minutes.',
  /** The step-up dialog's words for a staff member with both an authenticator app and a passkey. */
  stepUpAppOrPasskey: 'Enter a code from your authenticator app, or use your passkey, to confirm it is you. Whole-school exports need it every 15 minutes.',
  /** The step-up dialog's words for a staff member whose only second factor is a passkey. */
  stepUpPasskeyOnly: 'Use your passkey to confirm it is you. Whole-school exports need it every 15 minutes.',
  /** A bulk export asked for by a staff member who has no second factor yet, where one is needed (403 `step_up_required`). */
  enrolSecondFactorFirst: 'Set up a second factor on your account page first: whole-school exports need one.',
  /**
   * A session of admin or office staff without a second factor where the school requires one
   * (STAFF_MFA=required): every call but enrolling one is refused (403 `enrolment_required`, decision 043).
   */
  enrolSecondFactorNow: 'Your school asks admin and office staff to sign in with a second factor. Set up an authenticator app or a passkey to continue.',
  /** A staff member's bulk exports past the day's allowance (429, decision 049). */
  exportAllowanceUsed: (limit: number) =>
    `You have made ${limit} whole-school exports today, the most allowed in a day. Please try again tomorrow, or ask an administrator.`,
  /** A student record read past the hour's allowance without a second factor given in the last 15 minutes (403 `step_up_required`, issue 49). */
  stepUpForRecords:
    'You have opened many student records this hour. Enter a code from your authenticator app to confirm it is you: further records need it every 15 minutes.',
  /** A student record read past the hour's allowance by a staff member who has no second factor yet, where one is needed. */
  enrolFirstForRecords: 'Set up a second factor on your account page first: opening many student records in an hour needs one.',
  /** A student record read past the day's export allowance (429, issue 49): records read count as exports, one per 100. */
  recordReadsAllowanceUsed: (limit: number) =>
    `You have used today's allowance of ${limit} whole-school exports (every 100 student records opened count as one). Please try again tomorrow, or ask an administrator.`,
  /** A change to staff accounts or the school's settings without a second factor given in the last 15 minutes (403 `step_up_required`, issue 49). */
  stepUpForStaffChanges:
    "Enter a code from your authenticator app to confirm it is you. Changes to staff accounts and the school's settings need it every 15 minutes.",
  /** Such a change by a staff member who has no second factor yet, where one is needed. */
  enrolFirstForStaffChanges: "Set up a second factor on your account page first: changes to staff accounts and the school's settings need one.",
  /**
   * Enrolling a first second factor where the school requires one, from a session that has not
   * shown it is the account holder's (403 `enrolment_verification_required`, decision 057).
   */
  enrolmentVerificationRequired: 'Before you set up a second factor, confirm it is you: enter your password, then the code we send to your notice address.',
  /** The code for that sent. */
  enrolmentCodeSent: 'A code is on its way to your notice address. Enter it here; it works for 15 minutes.',
  /** Such a code asked for by an account without a notice address. */
  noNoticeAddress:
    'Your account has no notice address to send a code to. Please ask an administrator to add one on the staff screen, or to give you a one-time password.',
  /** A wrong, used up or expired code of that kind. */
  wrongEnrolmentCode: 'That code is not right, or it has expired. Please ask for a new code.',
  /** The code accepted. */
  enrolmentCodeAccepted: 'Thank you. You can now set up your second factor.',
  /** A page outside what the staff member's role may use. */
  noAccessToPage: 'You do not have access to this page.',
  /** A call that needs a session, made without one (401). */
  signInToContinue: 'Please sign in to continue.',
  /** A stored document that is not there (404). */
  noSuchFile: 'There is no such file.',
  /** A password longer than anyone types (`limits.passwordInput`). */
  passwordTooLong: 'The password is too long.',
  /** The change-password screen's first step, left empty. */
  enterCurrentPassword: 'Enter your current password.',
  /** A form level outside Forms 1 to 5. */
  formLevel: 'The form level is a number from 1 to 5.',
  /** A spreadsheet row without its student ID. */
  studentIdMissing: 'The student ID is missing.',
  /** A student ID given as something other than text (null, a number, an object; decision 038). */
  studentIdText: 'A student ID is text, e.g. "20260001".',
  /** A student ID with other characters than letters, digits and hyphens. */
  studentIdShape: 'A student ID has only letters, digits and hyphens.',
  /** A student ID that is a word programs write for no value (null, undefined, true, false, none, nan...). */
  studentIdReserved: 'This word cannot be a student ID.',
  /** A scanner's scan dated before 2000 or more than a day ahead of the server's clock (decision 038). */
  scanTimeRange: "scanned_at must be from the year 2000 on and at most a day ahead of the portal's clock; check the scanner's date and time.",
  /** A text holding a character XML 1.0 forbids (decision 038), named by its field. */
  forbiddenCharacter: (label: string) =>
    `${label} holds a character that cannot be saved (a control character, U+FFFE or U+FFFF, or half of an emoji). Remove it and try again.`,
  /** `dry_run` of an import other than true or false (decision 037). */
  dryRun: 'dry_run is true (only check the file, the default) or false (import it).',
  /** `leavers` of an output other than leave-out or include (decision 069). */
  leaversChoice: 'leavers is leave-out (students who have left are not in it, the default) or include.',
  /** The browser could not reach the server (no answer at all). */
  unreachable: 'The portal could not be reached. Check your connection and try again.',
  /** A call the server did not answer in time (a slow or dropped connection): nothing waits for ever. */
  csrfMismatch: 'CSRF token mismatch. Please reload the page and try again.',
  timedOut: 'The portal is taking too long to answer. Check your connection and try again.',
  /** An upload that failed without an answer from the server that says why. */
  fileNotSent: 'The file could not be sent. Please try again.',
  /** A report PDF that failed without an answer from the server that says why. */
  reportNotMade: 'The report could not be made. Please try again.',
  /** An export (a spreadsheet, a CSV) that could not be made whole because the database failed while it was read (503): nothing was sent. */
  downloadNotMade: 'The file could not be made just now (the database did not answer), so nothing was downloaded. Please try again in a moment.',
  /** A sign-in that failed without an answer from the server that says why. */
  signInFailed: 'Signing in did not work. Please try again.',
  /** A date of birth outside the plausible range of a secondary student (decision 027). */
  birthDateRange: (earliest: string, latest: string) => `Enter a date of birth between ${earliest} and ${latest} (9 to 25 years ago).`,
  /** A code that is not in its reference list (a town, religion, class...). */
  notInList: (label: string) => `${label} must be chosen from its list.`,
  /** The agreement asked for while a step is still incomplete (decision 026). */
  agreementIncomplete: (steps: string[]) =>
    `Complete every step before agreeing to the terms: ${steps.join(', ')} ${steps.length === 1 ? 'is' : 'are'} still incomplete.`,
  ...serverMessages,
} as const;
