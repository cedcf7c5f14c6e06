/** The family's side of the portal (decisions 062 and 063): a guardian's daughters, code letters, custody. */
export { familyRoutes } from './routes.ts';
