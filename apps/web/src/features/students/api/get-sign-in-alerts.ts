import type { SignInAlerts } from '@school/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/admin/sign-in-alerts: addresses seen guessing dates of birth over many accounts in the last day. */
export const getSignInAlerts = () => api<SignInAlerts>('/api/admin/sign-in-alerts');

/** Read again every few minutes while the dashboard is open, so a new alert shows without a reload. */
export const getSignInAlertsQueryOptions = () => queryOptions({ queryKey: ['sign-in-alerts'], queryFn: getSignInAlerts, refetchInterval: 5 * 60 * 1000 });

export const useSignInAlerts = () => useQuery(getSignInAlertsQueryOptions());
