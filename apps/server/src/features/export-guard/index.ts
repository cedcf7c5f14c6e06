/** The guard on bulk exports (decision 049): a recent second factor and a daily allowance per staff member. */
export { exportGuardRoutes } from './routes.ts';
export { bulkExportGuard, stepUpHolds, STEP_UP_MINUTES } from './service.ts';
