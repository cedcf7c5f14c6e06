import type { ExportAlerts } from '@school/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/admin/export-alerts: staff whose whole-school exports today are past half the day's allowance. */
export const getExportAlerts = () => api<ExportAlerts>('/api/admin/export-alerts');

/** Read again every few minutes while the dashboard is open, so a new warning shows without a reload. */
export const getExportAlertsQueryOptions = () => queryOptions({ queryKey: ['export-alerts'], queryFn: getExportAlerts, refetchInterval: 5 * 60 * 1000 });

export const useExportAlerts = () => useQuery(getExportAlertsQueryOptions());
