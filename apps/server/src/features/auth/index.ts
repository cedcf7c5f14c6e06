/** Sign-in, sign-out, passwords and the student-ID lookup: what the app and other features may use. */
export { authRoutes } from './routes.ts';
export { registerSignInShedding } from './shedding.ts';
export { currentPasswordRoutes } from './current-password-routes.ts';
export { secondFactorRoutes } from './second-factor-routes.ts';
export { passkeyRoutes } from './passkey-routes.ts';
export { passkeyRepository } from './passkey-repository.ts';
export { ensureFirstAdmin, oneTimePassword, resetAdmin } from './admin-accounts.ts';
export { hashPassword } from './passwords.ts';
export { secondFactorRepository } from './second-factor-repository.ts';
export { checkOwnStaffPassword } from './service.ts';
export { buckets, limitedCheck } from './throttle.ts';
