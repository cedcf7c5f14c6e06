/** Notifications (decision 047): the outbox, its sender, and what each kind of message says. */
export { notificationsRoutes } from './routes.ts';
export { registerOutboxSender } from './outbox-sender.ts';
export { cancelReportsPosted, enqueueMessages, notifyReportsPosted } from './service.ts';
export { linkAddedMessage } from './message-kinds.ts';
export { notifyAbsenceDay, recordSchoolDays } from './absence.ts';
export { queueAdminsNotice, queueEnrolmentCode, queueStaffSecurityNotice } from './staff-security.ts';
export type { AdminsEvent, StaffSecurityEvent } from './message-kinds.ts';
