/** Every message the spec quotes, in one place, so the form and the server say the same words. */
export const messages = {
  required: 'This field is required.',
  invalidEmail: 'Invalid e-mail',
  sevenDigits: '7 Digits Needed',
  onlyNumbers: 'Only Numbers Allowed',
  futureDate: 'The date cannot be in the future.',
  invalidDate: 'Enter a date as yyyy-MM-dd.',
  adminRequired: 'Required',
  usernameEmpty: 'Username field empty',
  passwordChanged: 'Password Changed Successfully.',
  updated: 'Updated Successfully.',
  updateFailed: 'Error Occured.',
  selectFile: 'Please select a file!',
  uploadFailed: 'Could not upload the file',
  deleteFailed: 'Error Occured. File Could not be deleted',
  tooLong: (max: number) => `At most ${max} characters.`,
  chooseOption: 'Choose one of the options.',
  /** A date of birth outside the plausible range of a secondary student (decision 027). */
  birthDateRange: (earliest: string, latest: string) => `Enter a date of birth between ${earliest} and ${latest} (9 to 25 years ago).`,
  /** A code that is not in its reference list (a town, religion, class...). */
  notInList: (label: string) => `${label} must be chosen from its list.`,
  /** The agreement asked for while a step is still incomplete (decision 026). */
  agreementIncomplete: (steps: string[]) =>
    `Complete every step before agreeing to the terms: ${steps.join(', ')} ${steps.length === 1 ? 'is' : 'are'} still incomplete.`,
} as const;
