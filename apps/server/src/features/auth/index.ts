/** Sign-in, sign-out, passwords, second factors (a staff member's or a guardian's) and the student-ID lookup: what the app and other features may use. */
export { authRoutes } from './routes.ts';
export { providerRoutes } from './provider-routes.ts';
export { matchProviderAccount, ProviderRefusal, type ProviderClaims, type ProviderSignIn } from './provider-sign-in.ts';
export { registerSignInShedding } from './shedding.ts';
export { currentPasswordRoutes } from './current-password-routes.ts';
export { secondFactorRoutes } from './second-factor-routes.ts';
export { passkeyRoutes } from './passkey-routes.ts';
export { passkeyRepository } from './passkey-repository.ts';
export { ensureFirstAdmin, oneTimePassword, resetAdmin } from './admin-accounts.ts';
export { hashPassword } from './passwords.ts';
export { secondFactorRepository } from './second-factor-repository.ts';
export { schoolAccountRepository } from './school-account-repository.ts';
export { checkCurrentPassword, checkOwnStaffPassword, signInWithPassword } from './service.ts';
export { answerSignIn, signInAddressLimits } from './sign-in-limits.ts';
export { buckets, clearBuckets, limitedCheck, reserveAttempt, signInActions, type Bucket } from './throttle.ts';
export { verifyPassword } from './passwords.ts';
export { DEVICE_COOKIE, type DeviceAccount } from './device-cookies.ts';
export type { SignInContext } from './service.ts';
export {
  checkSignInCode,
  confirmTotp,
  factorSummary,
  pendingSignInOf,
  removeAllFactors,
  secondFactorKinds,
  startTotpEnrolment,
  type FactorAccount,
  type FactorChange,
  type FactorOwner,
} from './second-factor.ts';
export { addPasskey, checkPasskeyAssertion, listPasskeys, passkeyAssertionOptions, passkeyCreationOptions, removePasskey } from './passkeys.ts';
