/** Parents and guardians (decision 062): their accounts, sign-in (with an optional second factor) and invitations, their links to students, and the notices of new links. */
export { guardiansRoutes } from './routes.ts';
export { signInGuardianWithProvider } from './service.ts';
export { guardianSecondFactorRoutes } from './second-factor-routes.ts';
export { announceLink, type LiveLink } from './link-notices.ts';
export { linksRepository, newPublicId } from './links-repository.ts';
