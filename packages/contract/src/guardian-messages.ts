/** The words of the family side of the portal (issue 50), as both apps show them. */
export const guardianMessages = {
  // Accounts, sign-in and invitations.
  wrongSignIn: 'The e-mail address or password is incorrect.',
  resetLinkSent: 'If an account uses that address, a link to set a new password is on its way. It works once, for 30 minutes.',
  linkNotValid: 'This link has expired or has already been used. Ask the school office for a new one.',
  passwordIsDate: 'The password must not be a date.',
  /** An invitation accepted without a session for an address that already has an account (409). */
  signInToAccept: 'An account already uses this address. Sign in first, then open the link again to add the link to your account.',
  /** A sign-up's name or password missing from an invitation accepted without a session. */
  nameAndPasswordNeeded: 'Give your name and choose a password to make your account.',
  invitationNotFound: 'No such invitation.',
  invitationSent: (email: string) => `An invitation was sent to ${email}.`,
  invitationCancelled: 'The invitation was cancelled.',
  passwordSet: 'Your new password is set, and you are signed in.',
  accountSaved: 'Your account is saved.',
  /** The guardians' password rule under the new-password field. */
  passwordRule: 'At least 8 characters; not your e-mail address, a date, or a common password.',
  /** A code or passkey given with no sign-in waiting for it, or one that waited too long (401). */
  signInAgain: 'Please sign in again with your e-mail address and password.',
  /** Her last passkey, when she has no authenticator app: it goes only with two-step sign-in turned off, which asks for her password (409). */
  lastPasskeyKept: 'This passkey is your only second step. To remove it, turn two-step sign-in off below: that asks for your password.',
  /** Two-step sign-in turned off (her app, recovery codes and passkeys removed). */
  secondFactorOff: 'Two-step sign-in is off. You sign in with your password alone.',
  /** A staff member opening a family's account mail on Messages: its single-use link is for the recipient only. */
  mailHoldsLink: 'This message holds a single-use link for its recipient, so only she reads it. Its state is shown in the list.',

  // Links, letters, custody and the family's view.
  wrongLetterCode: 'That code and date of birth do not match a letter from the school.',
  linkAdded: (firstName: string) => `${firstName} is now linked to your account.`,
  letterTriesUsed: (minutes: number) => `Too many codes that did not match. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  linkNotFound: 'There is no such link.',
  guardianNotFound: 'There is no such guardian.',
  /** The confirmation of an admin's removal of a guardian's second factor. */
  resetFactorWarning: (name: string) =>
    `${name} will sign in with her password alone: her authenticator app, recovery codes and passkeys will no longer work, and she will be signed out everywhere. Do this only when she has lost them and you are sure it is her who asks. She will be told by e-mail.`,
  noSecondFactorToReset: 'This guardian has no two-step sign-in to remove.',
  /** An admin removed a guardian's two-step sign-in (she lost her phone and her codes). */
  secondFactorReset: (name: string) =>
    `Two-step sign-in was removed from ${name}’s account. She signs in with her password alone until she turns it on again; she has been told by e-mail.`,

  // The staff's Guardians screen (office and admin).
  /** The confirmation of a restriction: who loses what, by her name and the girl's first name. */
  restrictWarning: (guardian: string, firstName: string, pronoun: string) =>
    `${guardian} will no longer see anything of ${firstName}, and no message about her will go to ${pronoun}. The link stays, and the restriction can be lifted.`,
  liftWarning: (guardian: string, firstName: string) => `${guardian} will see ${firstName}'s reports and attendance again, and receive messages about her.`,
  revokeWarning: (guardian: string, firstName: string, pronoun: string) =>
    `${guardian} will no longer see anything of ${firstName}, and no message about her will go to ${pronoun}. A new invitation or letter code is needed to link them again.`,
  linkRestricted: (guardian: string, firstName: string) => `${guardian} no longer sees ${firstName}.`,
  restrictionLifted: (guardian: string, firstName: string) => `${guardian} sees ${firstName} again.`,
  linkRevoked: (guardian: string, firstName: string) => `${guardian}'s link to ${firstName} is revoked.`,
  invitedFor: (email: string, student: string) => `An invitation to link ${student} was sent to ${email}. It works once, for 72 hours.`,
  invitationCancelledFor: (email: string) => `The invitation to ${email} is cancelled; its link no longer works.`,
  invitationResent: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
  classInvited: (sent: number, skipped: number) =>
    `${sent === 1 ? '1 invitation' : `${sent} invitations`} sent${skipped ? `; ${skipped === 1 ? '1 address' : `${skipped} addresses`} skipped, already linked or invited` : ''}.`,
} as const;
