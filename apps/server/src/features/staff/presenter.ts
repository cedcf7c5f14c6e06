import type { Config } from '../../core/config.ts';
import type { staffRepository } from './repository.ts';

type StaffRow = NonNullable<Awaited<ReturnType<typeof staffRepository.find>>>;

/**
 * Whether an active account has not signed in with the school's provider for OIDC_STALE_DAYS days
 * (decision 076): since her last sign-in there, or since the account was made if she never has.
 */
const notSeenAtProvider = (row: StaffRow, config: Pick<Config, 'provider'> | undefined, now: number): boolean => {
  const days = config?.provider?.staleDays;
  if (!days || row.disabled === 1) return false;
  return now - Date.parse(row.provider_seen_at ?? row.created_at) > days * 24 * 60 * 60_000;
};

/** A staff account as the staff screen shows it. */
export const presentStaff = (row: StaffRow, config: Pick<Config, 'provider'> | undefined, now = Date.now()) => ({
  username: row.username,
  display_name: row.display_name ?? row.username,
  role: row.role,
  classes: row.classes ? row.classes.split(',') : [],
  disabled: row.disabled === 1,
  must_change_password: row.must_change_password === 1,
  created_at: row.created_at,
  email: row.email,
  second_factor: Number(row.second_factor) === 1,
  not_seen_at_provider: notSeenAtProvider(row, config, now),
});
