/** The school's roster in OneRoster 1.2 CSV form, for its learning platform and other systems (decision 075). */
export { oneRosterRoutes } from './routes.ts';
