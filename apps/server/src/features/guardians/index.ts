/** Guardians' accounts, sign-in, passwords and invitations (decision 062): what the app and other features may use. */
export { guardiansRoutes } from './routes.ts';
export { linksRepository, newPublicId } from './links-repository.ts';
