/** Notifications (decision 047): the outbox, its sender, and what each kind of message says. */
export { notificationsRoutes } from './routes.ts';
export { registerOutboxSender } from './outbox-sender.ts';
export { cancelReportsPosted, enqueueMessages, notifyReportsPosted } from './service.ts';
export {
  consentAnsweredMessage,
  consentReminderMessage,
  contactChangeAnsweredMessage,
  contactChangeReceivedMessage,
  contactChangeToOfficeMessage,
  dateInWords,
  linkAddedMessage,
} from './message-kinds.ts';
export { familyContactFields, notifyFamilyContactChanged, type ContactChange } from './family-address.ts';
export { notifyAbsenceDay, recordSchoolDays } from './absence.ts';
export { queueAdminsNotice, queueEnrolmentCode, queueStaffSecurityNotice } from './staff-security.ts';
export { queueGuardianAccountMail } from './guardian-account.ts';
export { notifyAbsenceNoteAnswered, notifyAbsenceNoteSent, type NoteToTell } from './absence-notes.ts';
export type { AdminsEvent, GuardianAccountMail, GuardianSecurityEvent, StaffSecurityEvent } from './message-kinds.ts';
