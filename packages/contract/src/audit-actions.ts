/**
 * Every action the server writes to the audit log, with what it says to the staff who read it: the
 * audit log screen's What column and its CSV say the same words. The server's audit writer takes
 * only these names, so a new action cannot be written before it has its words here.
 */
export const auditActionWords = {
  // Signing in and out, passwords and second factors.
  'student.sign-in': 'Signed in',
  'student.sign-in-failed': 'Sign-in refused',
  'student.sign-out': 'Signed out',
  'student.password-changed': 'Changed password',
  'student.password-reset': 'Reset a student’s password',
  'student.school-account-set': 'Set a student’s school account',
  'student.school-account-removed': 'Removed a student’s school account',
  'admin.sign-in': 'Signed in',
  'admin.sign-in-failed': 'Sign-in refused',
  'admin.sign-out': 'Signed out',
  'admin.password-accepted': 'Gave the right password; second step asked',
  'admin.password-changed': 'Changed password',
  'guardian.sign-in': 'Signed in',
  'guardian.sign-in-failed': 'Sign-in refused',
  'guardian.sign-out': 'Signed out',
  'guardian.password-accepted': 'Gave the right password; second step asked',
  'guardian.password-changed': 'Changed password',
  'guardian.password-reset-asked': 'Asked for a password reset link',
  'guardian.password-reset': 'Set a new password with a reset link',
  'sign-in.spraying-seen': 'Many accounts tried from one place: sign-ins slowed',
  'sign-in.first-sign-ins-paused': 'First sign-ins paused',
  'second-factor.enrolment-started': 'Started setting up two-step sign-in',
  'second-factor.enrolment-code-sent': 'Was sent a code to set up two-step sign-in',
  'second-factor.enrolment-code-accepted': 'Gave the code to set up two-step sign-in',
  'second-factor.enrolled': 'Set up two-step sign-in',
  'second-factor.turned-off': 'Turned off two-step sign-in',
  'second-factor.step-up': 'Confirmed identity again before a download',
  'passkey.added': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
  'staff.session-ended': 'Signed out a device',
  'staff.email-changed': 'Changed notice e-mail',

  // A student's record, documents and data.
  'students.list-viewed': 'Opened the students table',
  'student.record-viewed': 'Opened a student’s registration record',
  'student.record-updated': 'Changed a student’s registration record',
  'student.history-viewed': 'Opened a student’s past years',
  'student.marked-left': 'Marked a student as left',
  'student.brought-back': 'Brought back a student who had left',
  'student.data-erased': 'Erased a student’s data',
  'students.imported': 'Imported students',
  'registration-form.viewed': 'Opened a registration form (PDF)',
  'registration-status.viewed': 'Opened how far a registration is',
  'registration-agreement.viewed': 'Opened whether a parent agreed to a registration',
  'registration.status-updated': 'Changed Registration Settings',
  'registration-reminders.sent': 'Sent registration reminders',
  'registration-report.viewed': 'Opened the Registration Report',
  'registration-data.exported': 'Downloaded the registration spreadsheet',
  'parents-contact.viewed': 'Opened Parents Contact',
  'health-alerts.viewed': 'Opened a class’s health alerts',
  'file.list-viewed': 'Opened a student’s list of documents',
  'file.downloaded': 'Opened a document',
  'file.uploaded': 'Uploaded a document',
  'file.deleted': 'Removed a document',
  'student-data-file.viewed': 'Opened a student’s data files record',
  'student-data-file.saved': 'Changed a student’s data files record',
  'my-data.downloaded': 'Downloaded a copy of her data',
  'retention.erased': 'Erased the data of students past keeping',

  // Term reports and attendance.
  'report-card-list.viewed': 'Opened a student’s list of report cards',
  'report-card.viewed': 'Opened a report card',
  'report-cards.uploaded': 'Uploaded report cards',
  'term-results.imported': 'Imported term results',
  'term-reports.posted': 'Posted term reports',
  'term-reports.withdrawn': 'Removed posted term reports',
  'attendance.viewed': 'Opened a student’s attendance',
  'attendance-report.viewed': 'Opened an attendance report',
  'attendance.imported': 'Imported attendance',
  'attendance.scans-received': 'Received scans from a scanner',
  'term-calendar.changed': 'Changed the term calendar',
  'absence-note.sent': 'Sent an absence note',
  'absence-note.accepted': 'Accepted an absence note',
  'absence-note.declined': 'Declined an absence note',
  'absence-note.file-viewed': 'Opened an absence note’s attachment',
  'absence-notes.viewed': 'Opened Absence Notes',

  // Guardians, families, messages and consent forms.
  'guardian.invited': 'Invited a guardian',
  'guardian.invitation-resent': 'Sent a guardian’s invitation again',
  'guardian.invitation-cancelled': 'Cancelled a guardian’s invitation',
  'guardian.invitation-accepted': 'Accepted an invitation',
  'guardian.account-made': 'Made a guardian account',
  'guardian.account-changed': 'Changed a guardian’s account',
  'guardian-link.added': 'Linked a guardian to a student',
  'guardian-link.changed': 'Changed a guardian’s link to a student',
  'guardian.second-factor-reset': 'Removed a guardian’s two-step sign-in',
  'guardian-link.code-refused': 'Letter code refused',
  'guardian-links.viewed': 'Opened guardians’ links',
  'guardian-letters.printed': 'Printed letters for guardians',
  'contact-change.sent': 'Proposed new contact details',
  'contact-change.answered': 'Answered proposed contact details',
  'contact-changes.viewed': 'Opened Contact Changes',
  'family-contact.changed': 'Changed a family’s contact details',
  'family-address.changed': 'Changed a family’s address',
  'notification.queued': 'Queued messages',
  'notification.sent': 'Sent a message',
  'notification.retried': 'Tried a message again',
  'notification.stopped': 'Stopped absence messages to an address',
  'notification-settings.changed': 'Changed message settings',
  'consent-form.created': 'Made a consent form',
  'consent-form.changed': 'Changed a consent form',
  'consent-settings.changed': 'Changed consent settings',
  'consent.answered': 'Answered a consent form',
  'consent.reminded': 'Reminded guardians of a consent form',
  'consent-answers.viewed': 'Opened a consent form’s answers',

  // The school and its staff.
  'staff.created': 'Added a staff member',
  'staff.changed': 'Changed a staff member',
  'school-year.rolled-over': 'Moved the school into the next year',
  'school-year.rollover-undone': 'Undid the move into the next year',
  'audit.exported': 'Downloaded the audit log',
  'oneroster.exported': 'Downloaded the OneRoster roster',
} as const satisfies Record<string, string>;

/** The name of an action the audit log records, e.g. `parents-contact.viewed`. */
export type AuditAction = keyof typeof auditActionWords;

/** Every action the audit log records. */
export const auditActions = Object.keys(auditActionWords) as AuditAction[];

/** Whether `action` is one the portal writes today. */
export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(auditActionWords, action);

/** What an entry of the log did, in words: 'Opened Parents Contact'. A row of an action the portal no longer writes keeps its name. */
export const auditActionInWords = (action: string): string => (isAuditAction(action) ? auditActionWords[action] : action);

/**
 * The actions a filter of the log means: those whose name starts with it (`file` finds every
 * document action) or whose words hold it (`password` finds every password action), any case.
 */
export function auditActionsMatching(typed: string): AuditAction[] {
  const wanted = typed.trim().toLowerCase();
  return auditActions.filter((action) => action.startsWith(wanted) || auditActionWords[action].toLowerCase().includes(wanted));
}
