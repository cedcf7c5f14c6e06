/** The words of the family side of the portal (issue 50), as both apps show them. */
export const guardianMessages = {
  // Accounts, sign-in and invitations.
  wrongSignIn: 'The e-mail address or password is incorrect.',
  resetLinkSent: 'If an account uses that address, a link to set a new password is on its way. It works once, for 30 minutes.',
  linkNotValid: 'This link has expired or has already been used. Ask the school office for a new one.',
  passwordIsDate: 'The password must not be a date.',

  // Links, letters, custody and the family's view.
  wrongLetterCode: 'That code and date of birth do not match a letter from the school.',
  linkAdded: (firstName: string) => `${firstName} is now linked to your account.`,
  letterTriesUsed: (minutes: number) => `Too many codes that did not match. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  linkNotFound: 'There is no such link.',
} as const;
