/**
 * What the server answers when it refuses a call, in its own words (no screen writes them): part
 * of `messages`, kept in this file so the list of the screens' words stays short. A test or a
 * screen that checks an answer reads it here.
 */
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const serverMessages = {
  // Any call.
  /** A call whose role or account may not make it (403). */
  noAccess: 'You do not have access to this.',
  /** An address no route answers (404). */
  notFound: 'Not found.',
  /** A route that declares no access (403): never reachable by anyone. */
  callNotAvailable: 'This call is not available.',
  /** A first-password session asked for anything but setting a new password (403). */
  setNewPasswordFirst: 'Please set a new password first.',
  /** A call with a session cookie whose session has ended (401). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** A request the schema refused without naming why. */
  requestInvalid: 'The request is not valid.',
  /** A request holding U+0000, which neither database stores (422). */
  nulCharacter: 'The request holds a character that cannot be stored (a NUL).',
  /** A fault of the server itself (500). */
  serverFault: 'Something went wrong on our side. Please try again.',
  /** Every PDF printer busy (503). */
  printingBusy: 'Many documents are being printed right now. Please try again in a minute.',
  /** A PDF asked for, or any call reaching a server that is closing, while the server stops (503). */
  restarting: 'The portal is restarting — try again in a moment.',

  // Signing in and passwords.
  /** Every password check busy (503). */
  signInBusy: 'Many people are signing in right now. Please try again in a few seconds.',
  /** A sign-in bucket full (429, decision 015). */
  signInThrottled: (minutes: number) => `Too many sign-in attempts. Please try again in ${plural(minutes, 'minute')}.`,
  /** Too many sign-ins at once from one network (429). */
  networkThrottled: (seconds: number) => `Too many sign-in attempts from this network. Please try again in ${plural(seconds, 'second')}.`,
  /** A student's sign-in refused: an unknown ID reads the same as a wrong password. */
  wrongCredentials: 'The student ID or password is incorrect.',
  /** A staff sign-in refused. */
  wrongAdminCredentials: 'The username or password is incorrect.',
  currentPasswordWrong: 'The current password is incorrect.',
  /** A staff password sign-in while OIDC_REQUIRED=staff asks for the school's accounts (decision 076). */
  providerRequired: (provider: string) => `Staff sign in with ${provider}; passwords are not accepted here.`,
  /** A school account given to a second student (decision 076): one address names one student (409). */
  schoolAccountTaken: (account: string, studentId: string) => `${account} is already the school account of student ${studentId}.`,
  /** An import naming one school account on two rows (decision 076). */
  schoolAccountTwice: (account: string, row: number) => `The school account ${account} is also on row ${row}; each account is one student’s.`,
  newPasswordSame: 'The new password must differ from the current one.',
  onlyStudentChecksPassword: 'Only a signed-in student can check her password here.',
  onlyStudentChangesPassword: 'Only a signed-in student can change her password here.',
  onlyAdminChangesAdminPassword: 'Only a signed-in admin can change an admin password.',
  adminAccountNotFound: 'Your admin account was not found.',
  noSuchSession: 'There is no such session.',
  passkeyAddedAlready: 'This passkey has been added already.',
  noSuchPasskey: 'There is no such passkey.',

  // Registration.
  /** A save of a record someone else saved since it was read (409, with the newest version). */
  recordChanged: 'This record was changed since you opened it. The newest version is attached.',
  classAndHouseBySchool: 'Your class and house are set by the school and cannot be changed here.',
  onlyStudentConfirms: 'Only a student can confirm a step of her own registration.',

  // Attendance.
  scannerTokenMissing: 'A scanner token is needed: send Authorization: Bearer <token>.',
  scannerTokenUnknown: 'This scanner token is not known.',
  scannerTokenRevoked: 'This scanner token has been revoked.',
  scannerGuessing: (minutes: number) => `Too many calls with a scanner token that is not valid. Please try again in ${minutes} minutes.`,
  /** An attendance report's start or end that is not a real yyyy-MM-dd date (400). */
  reportDay: (field: 'start' | 'end', value: string) => `The ${field} date '${value}' is not a date written yyyy-MM-dd.`,
  reportTooLong: 'A report covers at most one year: choose a shorter range.',
  reportTooLongEnd: 'At most one year after the start date.',
  termDatesNotReal: (term: string, year: number) => `Term ${term} of ${year} needs real dates (yyyy-MM-dd).`,
  termEndsBeforeStart: (term: string, year: number) => `Term ${term} of ${year} ends before it starts.`,
  termTooLong: (term: string, year: number, days: number) => `Term ${term} of ${year} is longer than ${days} days.`,
  termsOverlap: (next: { term: string; year: number }, term: { term: string; year: number }) =>
    `Term ${next.term} of ${next.year} starts before term ${term.term} of ${term.year} ends.`,
  termListedTwice: (term: string, year: number) => `Term ${term} of ${year} is listed twice.`,
  closedDayTwice: (day: string) => `${day} is listed twice.`,
  closedDayShape: (day: string) => `${day} is not a date written yyyy-MM-dd.`,
  scanDate: 'Write the date as yyyy-MM-dd.',
  scanTime: 'Write the time as HH:mm.',
  scanNoTime: 'The row has no time in, time out or time.',
  noScanRows: 'The file has no rows of scans.',
  noStudentWithId: (studentId: string) => `There is no student with ID ${studentId}.`,

  // Term reports.
  noResultsToPost: (term: string) => `There are no results for ${term} yet: import the term's results or upload its report cards before posting.`,
  noResultsYet: (term: string) => `There are no results for ${term} yet.`,
  noPostedReportCard: 'There is no posted report card for that term.',
  zipNoPdfs: 'The ZIP holds no PDFs.',
  uploadStopped: (reason: string) => `The upload was stopped and no card was stored: ${reason}. Upload the ZIP again.`,
  /** Why an upload of report cards stopped: another upload stored a card of the same student and term first. */
  uploadTaken: 'another upload stored a card for one of its students meanwhile',
  uploadCardNotWritten: 'a card could not be written',
  cellMissing: (what: string) => `${what} is missing.`,
  cellTooLong: (what: string, max: number) => `${what} has at most ${max} characters.`,
  noFormClass: (studentId: string) => `Student ${studentId} has no form class: set her class before importing her results.`,
  subjectTwice: (studentId: string, subject: string, row: number) => `Student ${studentId} already has a row for ${subject} (row ${row}); keep one.`,
  remarksTwice: (studentId: string, row: number) => `Student ${studentId} already has remarks (row ${row}); keep one.`,

  // Messages.
  noSuchMessage: 'There is no such message.',
  onlyFailedRetried: 'Only a failed or cancelled message can be sent again.',
  remindersOff: 'Registration reminders are switched off: switch them on under Messages first.',

  // Staff, classes and the school year.
  noSuchClass: (classIds: string) => `There is no class ${classIds}.`,
  staffNameTaken: (username: string) => `There is already a staff account named '${username}'.`,
  noSuchStaff: 'There is no staff account with that username.',
  lastAdmin: 'The last enabled admin cannot be disabled or given another role.',
  ownFactorsElsewhere: 'Your own second factors are changed on your account page.',
  alreadyInYear: (year: string, toYear: string) => `The school is already in ${year}: it cannot move into ${toYear} again.`,
  nextYearIs: (label: string, year: number) => `The next school year is ${label}: enter ${year}.`,
  noRolloverToUndo: 'There is no rollover to undo.',
  alreadyLeft: 'This student has already left.',
  notLeft: 'This student has not left.',
  classNamedTwice: (classId: string) => `${classId} is named more than once.`,
  classMappedNowhere: (from: string, to: string) => `${from} is mapped onto ${to}, which does not exist.`,
  classNeedsPlace: (students: number, classId: string) => `Choose where the ${students} students of ${classId} go: a class or Leaves.`,

  // The OneRoster roster (decision 075).
  /** `since` of the roster's changes that is not a moment in ISO 8601 with its zone (400). */
  rosterSince:
    'since is a moment in ISO 8601 with its time zone, such as 2026-09-01T08:00:00Z or 2026-09-01T04:00:00-04:00: the roster then holds only what changed after it.',
  /** `since` later than the portal's clock (400): a consumer whose clock runs ahead would miss changes. */
  rosterSinceAhead: (now: string) =>
    `since is later than the portal's clock (${now}): use the Last-Modified time of the roster you last downloaded, or the moment you asked for it.`,

  // Files and imports.
  photoUnreadable: 'The photo could not be read. Please choose another image.',
  fileKind: (kinds: string) => `The file must be ${kinds}.`,
  fileTooLarge: (size: string) => `The file is larger than ${size}.`,
  uploadNotWhole: 'The upload could not be read: it did not arrive whole as multipart/form-data. Please choose the file and try again.',
  importRunning: (what: string) => `Another ${what} is being checked or written. Try again when it has finished.`,
  importStopped: (reason: string) => `The import was stopped and nothing was changed: ${reason}. Check the file again and retry.`,
  /** Why an import stopped: a change made meanwhile took a key the file gives (a new Student ID, a school account). */
  importTaken: 'another change made while it was being imported took one of its new Student IDs or school accounts',
  importRowNotWritten: 'a row could not be written',
  sexFOrM: 'Sex is F or M.',
  tooManyRows: (rows: string) => `The file has more than ${rows} rows. Split it into smaller files.`,
  tooManyColumns: (columns: string) => `The file has more than ${columns} columns. Keep only the columns of the template.`,
  workbookUnreadable: (reason: string) => `This workbook cannot be read (${reason}). Save it again from Excel as .xlsx, or as CSV.`,
  csvQuotes: (row: number) => `Row ${row} of the CSV file cannot be read: check its quotes.`,
  notSpreadsheetKind: 'The file must be an Excel workbook (.xlsx) or a CSV file.',
  notSpreadsheet: 'This file cannot be read as a spreadsheet. Save it again from Excel as .xlsx, or as CSV.',
  spreadsheetEmpty: 'The file is empty: it needs a header row and at least one row of data.',
  cellError: (error: string) => `The cell holds an error (${error}) instead of a value.`,
  columnTwice: (header: string, times: number) => `The column '${header}' appears ${times} times; keep one.`,
  columnMissing: (header: string) => `The column '${header}' is missing.`,
  columnUnknown: (header: string, known: string) => `The column '${header}' is not one this import knows (${known}); remove it or rename it.`,
} as const;
