/** The student's menu entries (SPEC §2): the floating menu lists the others on every page but the dashboard. */
export type NavEntry = { label: string; to: string };

export const studentEntries: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'View Term Reports', to: '/term-reports' },
  { label: 'Edit/View Registration', to: '/registration/student-data' },
  { label: 'View Attendance', to: '/attendance' },
];

/** The student's account screens, in the avatar's menu and the drawer. */
export const studentAccountEntries: NavEntry[] = [
  { label: 'Change Password', to: '/registration/change-password' },
  { label: 'Privacy', to: '/privacy' },
];

/** A parent's or guardian's menu entries (decision 062): her daughters, the school's messages to her. */
export const familyEntries: NavEntry[] = [
  { label: 'My Daughters', to: '/family' },
  { label: 'Messages', to: '/family/messages' },
];

/** Her account's screen (name, phone, messages wanted, password), in the avatar's menu and the drawer. */
export const familyAccountEntries: NavEntry[] = [
  { label: 'My Account', to: '/family/account' },
  { label: 'Add a Daughter', to: '/family/add' },
];

export const adminEntries: NavEntry[] = [{ label: 'Admin Dashboard', to: '/admin/dashboard' }];

/** A staff member's account screen (her second factor and sessions), in the avatar's menu and the drawer. */
export const adminAccountEntries: NavEntry[] = [{ label: 'My Account', to: '/admin/account' }];
