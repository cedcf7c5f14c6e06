import { expect } from '@playwright/test';
import { academicYearLabel, proposedNextClass, type YearClass } from '@school/contract';
import { apiCall, chooseRowAction, expectAccessible, expectNoSidewaysScroll, signInAdminViaApi, studentsTableRows } from './support/fixtures.ts';
import { testOnOwnPortal } from './support/own-portal.ts';

/** The journey rolls the school into its next year first, so it runs on a portal of its own. */
const test = testOnOwnPortal;

type Listed = { id: string; first_name: string; last_name: string; class_id: string | null; left_on?: string };

test("an admin opens a returning student's School Years and sees each field she changed since last year, with the value then and now", async ({
  page,
}, testInfo) => {
  await signInAdminViaApi(page);
  // A student who stays at the school: Form 1 to 3, not left; the phone's journey takes another than the desktop's.
  const students = (await (await page.request.get('/api/students')).json()) as Listed[];
  const staying = students.filter((student) => !student.left_on && /^[1-3]/.test(student.class_id ?? '')).sort((a, b) => a.id.localeCompare(b.id));
  const student = staying[testInfo.project.name === 'phone' ? 1 : 0]!;

  // The school moves into its next year as the New School Year screen proposes it.
  const { year, classes } = (await (await page.request.get('/api/school-year')).json()) as { year: number; classes: YearClass[] };
  const moves = classes.map((entry) => ({ from: entry.class_id, to: proposedNextClass(entry, classes) }));
  expect((await apiCall(page, 'POST', '/api/school-year/rollover', { to_year: year + 1, classes: moves, dry_run: false })).status()).toBe(200);

  // In the new year her record changes: her allergies and her mother's mobile phone.
  const { record } = (await (await page.request.get(`/api/student/${student.id}`)).json()) as { record: Record<string, string | null> };
  const saved = await apiCall(page, 'POST', '/api/student', {
    id: student.id,
    updatedAt: record.updatedAt,
    allergy: 'Pollen and cats',
    mobile_phone_mother: '5550142',
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const phoneOf = (digits: string | null) => (digits ? `1868-${digits.slice(0, 3)}-${digits.slice(3)}` : 'Empty');

  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox', { name: 'Search' }).fill(student.id);
  await chooseRowAction(studentsTableRows(page, student.id), 'School Years');
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}/years$`));
  await expect(page.getByRole('heading', { level: 1, name: `School Years of ${student.first_name} ${student.last_name}` })).toBeVisible();

  const since = academicYearLabel(year);
  const changed = page.getByRole('table', { name: `Fields changed since ${since}` });
  await expect(changed.getByRole('row', { name: /Mother Mobile Phone/ })).toHaveText(`Mother Mobile Phone${phoneOf(record.mobile_phone_mother)}1868-555-0142`);
  await expect(changed.getByRole('row', { name: /Allergies/ })).toHaveText(`Allergies${record.allergy ?? 'Empty'}Pollen and cats`);
  await expect(changed.locator('tbody tr')).toHaveCount(2);
  // Her past year, with her class then and what she changed after it.
  const past = page.getByRole('table', { name: 'Past years' });
  await expect(past.getByRole('row', { name: new RegExp(since) })).toContainText(student.class_id!);
  await expect(past.getByRole('row', { name: new RegExp(since) })).toContainText('Mother Mobile Phone, Allergies');

  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('student-years.png'), fullPage: true });
});
