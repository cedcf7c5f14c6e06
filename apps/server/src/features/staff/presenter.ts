import type { staffRepository } from './repository.ts';

type StaffRow = NonNullable<Awaited<ReturnType<typeof staffRepository.find>>>;

/** A staff account as the staff screen shows it. */
export const presentStaff = (row: StaffRow) => ({
  username: row.username,
  display_name: row.display_name ?? row.username,
  role: row.role,
  classes: row.classes ? row.classes.split(',') : [],
  disabled: row.disabled === 1,
  must_change_password: row.must_change_password === 1,
  created_at: row.created_at,
  email: row.email,
  second_factor: Number(row.second_factor) === 1,
});
