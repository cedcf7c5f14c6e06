/** Notifications (decision 047): the kinds a school switches on or off, and what the screens say. */
export const notificationKinds = ['report_posted', 'absence', 'reminders', 'staff_security'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Every kind a message in the outbox may have: the kinds above, the family's account messages
 * (an invitation, a password reset, an address to prove, a new link to a daughter: decision 062),
 * which a school cannot switch off, since a family could not get in or learn of a link without them;
 * the messages of what a family sends the school (an absence note sent or answered: decision 065),
 * which neither the school nor a guardian switches off: she asked, and is owed the answer; and the
 * consent forms' messages (a guardian's receipt of her answer, the office's reminder sent after its
 * dry run: decision 067), which only a guardian's own act or the office's asks for.
 */
export const messageKinds = [...notificationKinds, 'family_account', 'family_requests', 'consent'] as const;
export type MessageKind = (typeof messageKinds)[number];

/** How the settings panel and the Messages page name each kind. */
export const notificationKindLabels: Record<MessageKind, string> = {
  report_posted: 'Report cards posted',
  absence: 'Absence and lateness',
  reminders: 'Registration reminders',
  staff_security: 'Staff security notices',
  family_account: 'Family accounts',
  family_requests: 'Family requests',
  consent: 'Consent forms',
};

/** A message's state in the outbox. */
export const messageStatuses = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The banner on Messages when SMTP_URL is not set. */
export const noMailServerBanner = 'No mail server is set up: messages are kept here and not sent';
