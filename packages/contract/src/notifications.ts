/** Notifications (decision 047): the kinds a school switches on or off, and what the screens say. */
export const notificationKinds = ['report_posted', 'absence', 'reminders', 'staff_security'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How the settings panel names each kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  report_posted: 'Report cards posted',
  absence: 'Absence and lateness',
  reminders: 'Registration reminders',
  staff_security: 'Staff security notices',
};

/** A message's state in the outbox. */
export const messageStatuses = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The banner on Messages when SMTP_URL is not set. */
export const noMailServerBanner = 'No mail server is set up: messages are kept here and not sent';
