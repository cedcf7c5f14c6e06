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
} as const;
