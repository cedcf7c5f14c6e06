/** Parents and guardians (decision 062): their accounts, their links to students, and the notices of new links. */
export { announceLink, type LiveLink } from './link-notices.ts';
export { linksRepository, newPublicId } from './links-repository.ts';
