import type { ComponentType } from 'react';
import { roleMay, type Permission, type StaffRole } from '@school/contract/staff-roles';

/** One staff screen: its label in the admin menu, its URL, the permission it needs (decision 048), and its page, loaded when first opened. */
export type AdminScreen = { label: string; path: string; permission: Permission; page: () => Promise<{ default: ComponentType }> };

/** An entry of the admin menu: a screen, or a heading over screens of its own (one level, as Reports). */
export type AdminMenuEntry = AdminScreen | { label: string; screens: AdminScreen[] };

/**
 * Every admin screen, in the admin menu's order (SPEC §2): Dashboard, Export Data, Reports
 * (Registration Report, Parents Contact), Import Students, Post Term Reports, ..., Health Alerts,
 * Staff, Audit Log, Messages, Registration Settings, New School Year (Absence Notes beside Guardians). The menu and the routes are both made from this list, so a new screen is one line
 * here, e.g. `{ label: 'Import Students', path: '/admin/import', permission: 'records:write', page: () => import('../features/admin-data/import-students-page.tsx') }`,
 * and a group is `{ label: 'Reports', screens: [{ label: 'Registration Report', path: '/admin/reports', permission: 'exports', page: ... }, ...] }`.
 */
export const adminMenu: AdminMenuEntry[] = [
  { label: 'Dashboard', path: '/admin/dashboard', permission: 'class:read', page: () => import('../features/students/admin-dashboard-page.tsx') },
  { label: 'Export Data', path: '/admin/export', permission: 'exports', page: () => import('../features/admin-data/export-data-page.tsx') },
  {
    label: 'Reports',
    screens: [
      {
        label: 'Registration Report',
        path: '/admin/reports',
        permission: 'exports',
        page: () => import('../features/admin-data/registration-report-page.tsx'),
      },
      {
        label: 'Parents Contact',
        path: '/admin/reports/parents-contact',
        permission: 'class:read',
        page: () => import('../features/admin-data/parents-contact-page.tsx'),
      },
    ],
  },
  { label: 'Import Students', path: '/admin/import', permission: 'records:write', page: () => import('../features/admin-data/import-students-page.tsx') },
  {
    label: 'Post Term Reports',
    path: '/admin/term-reports',
    permission: 'records:write',
    page: () => import('../features/term-reports/post-term-reports-page.tsx'),
  },
  {
    label: 'Import Term Results',
    path: '/admin/term-results',
    permission: 'records:write',
    page: () => import('../features/term-reports/import-term-results-page.tsx'),
  },
  { label: 'Term Calendar', path: '/admin/term-calendar', permission: 'settings', page: () => import('../features/attendance/term-calendar-page.tsx') },
  {
    label: 'Import Attendance',
    path: '/admin/attendance-import',
    permission: 'records:write',
    page: () => import('../features/attendance/attendance-import-page.tsx'),
  },
  {
    label: 'Guardians',
    path: '/admin/guardians',
    // The same as the invitations' calls: office and admin (decision 062).
    permission: 'records:write',
    page: () => import('../features/guardians/guardians-page.tsx'),
  },
  {
    label: 'Contact Changes',
    path: '/admin/contact-changes',
    // Answering writes the record: office and admin (decision 066).
    permission: 'records:write',
    page: () => import('../features/contact-changes/contact-changes-page.tsx'),
  },
  {
    label: 'Absence Notes',
    path: '/admin/absence-notes',
    // Office and admin answer them; a teacher reads her classes' notes (decision 065).
    permission: 'class:read',
    page: () => import('../features/absence-notes/absence-notes-page.tsx'),
  },
  {
    label: 'Consent Forms',
    path: '/admin/consents',
    // The office reads the answers and reminds; admins write the forms (decision 067).
    permission: 'records:read',
    page: () => import('../features/consents/consents-page.tsx'),
  },
  { label: 'Health Alerts', path: '/admin/health-alerts', permission: 'class:read', page: () => import('../features/students/health-alerts-page.tsx') },
  { label: 'Staff', path: '/admin/staff', permission: 'staff', page: () => import('../features/staff/staff-page.tsx') },
  { label: 'Audit Log', path: '/admin/audit', permission: 'staff', page: () => import('../features/audit/audit-log-page.tsx') },
  { label: 'Messages', path: '/admin/messages', permission: 'records:read', page: () => import('../features/notifications/messages-page.tsx') },
  {
    label: 'Registration Settings',
    path: '/admin/registration-settings',
    permission: 'settings',
    page: () => import('../features/registration/registration-settings-page.tsx'),
  },
  { label: 'New School Year', path: '/admin/school-year', permission: 'settings', page: () => import('../features/school-year/school-year-page.tsx') },
];

/**
 * Admin screens reached from another screen (a row action of the students table, say) rather than
 * from the menu, e.g. `{ label: 'Term Reports', path: '/admin/students/:studentId/term-reports', permission: 'class:read', page: ... }`.
 * While one is open, no menu entry is marked current.
 */
export const adminPages: AdminScreen[] = [
  { label: 'My Account', path: '/admin/account', permission: 'class:read', page: () => import('../features/account/account-page.tsx') },
  {
    label: 'Attendance',
    path: '/admin/students/:studentId/attendance',
    permission: 'class:read',
    page: () => import('../features/attendance/admin-student-attendance-page.tsx'),
  },
  {
    label: 'Term Reports',
    path: '/admin/students/:studentId/term-reports',
    permission: 'class:read',
    page: () => import('../features/term-reports/student-term-reports-page.tsx'),
  },
  {
    label: 'Consent Form',
    path: '/admin/consents/:formId',
    permission: 'records:read',
    page: () => import('../features/consents/consent-form-page.tsx'),
  },
  {
    label: 'School Years',
    path: '/admin/students/:studentId/years',
    permission: 'records:read',
    page: () => import('../features/students/student-years-page.tsx'),
  },
];

/** The screens of the menu, groups opened up. */
export const screensOf = (entries: AdminMenuEntry[]): AdminScreen[] => entries.flatMap((entry) => ('screens' in entry ? entry.screens : [entry]));

/** The menu as a role sees it: only the screens her role may use, and a group only while it holds one. */
export const menuFor = (entries: AdminMenuEntry[], role: StaffRole): AdminMenuEntry[] =>
  entries.flatMap((entry): AdminMenuEntry[] => {
    if (!('screens' in entry)) return roleMay(role, entry.permission) ? [entry] : [];
    const screens = entry.screens.filter((screen) => roleMay(role, screen.permission));
    return screens.length ? [{ ...entry, screens }] : [];
  });
