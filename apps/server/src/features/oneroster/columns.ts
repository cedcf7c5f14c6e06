/**
 * The OneRoster 1.2 CSV binding's files as the roster writes them (decision 075): each file's
 * columns in the binding's order, and the manifest's list of every file of the binding.
 */

/** The files the roster writes, with the kind of row each holds. */
export const rosterFiles = ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'roles', 'enrollments'] as const;
export type RosterFile = (typeof rosterFiles)[number];

/** Every row starts with these three: its id, and its status and last change in the delta form (blank in bulk). */
const head = ['sourcedId', 'status', 'dateLastModified'] as const;

/** Each file's columns after the three every row starts with, in the binding's order. */
export const rosterColumns: Record<RosterFile, readonly string[]> = {
  orgs: ['name', 'type', 'identifier', 'parentSourcedId'],
  academicSessions: ['title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  courses: ['schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'],
  classes: [
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  users: [
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  roles: ['userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
  enrollments: ['classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'],
};

/** A file's header line: the three every row starts with, then its own. */
export const rosterHeader = (file: RosterFile): string[] => [...head, ...rosterColumns[file]];

/** A row's cells after the first three, by column name; a column not named is blank. */
export const rosterCells = (file: RosterFile, values: Readonly<Record<string, string>>): string[] => rosterColumns[file].map((column) => values[column] ?? '');

/**
 * Every file the binding's manifest names, in its order: a file the roster does not write is
 * `absent`, as is one it writes with no rows (the binding allows no file without rows).
 */
export const manifestFiles = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'orgs',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'roles',
  'scoreScales',
  'userProfiles',
  'userResources',
  'users',
] as const;
