/** Parents and guardians (decision 062): their accounts, sign-in and invitations, their links to students, and the notices of new links. */
export { guardiansRoutes } from './routes.ts';
export { announceLink, type LiveLink } from './link-notices.ts';
export { linksRepository, newPublicId } from './links-repository.ts';
