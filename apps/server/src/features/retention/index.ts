/** Keeping leavers' health data and documents no longer than needed (decision 046): what other parts may use of it. */
export { retentionRoutes } from './routes.ts';
export { eraseDueData, loadRetention } from './service.ts';
