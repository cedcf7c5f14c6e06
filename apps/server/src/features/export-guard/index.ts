/**
 * The guard on bulk exports (decision 049) and on reading records one by one (decision 057): a
 * recent second factor and a daily allowance per staff member; the recent factor for staff changes.
 */
export { exportGuardRoutes } from './routes.ts';
export { bulkExportGuard, recordReadGuard } from './service.ts';
