import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { claimStudent, expectAccessible, signInStudentViaApi } from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

/** A valid PDF header and trailer around about 1 MB of comment lines, so the upload takes a moment. */
const bigPdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(`%${'x'.repeat(99)}\n`.repeat(10_000)), Buffer.from('trailer<<>>\n%%EOF\n')]);
const photo = (colour: string) =>
  sharp({ create: { width: 120, height: 160, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('a student uploads her documents with progress, removes one, resubmits, sees what is missing before she can agree, and opens her form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const student = claimStudent('empty', test.info().project.name === 'phone' ? 2 : 1);
  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await signInStudentViaApi(page, student);
  await page.goto('/registration/documents');
  const birth = page.getByRole('region', { name: 'Birth Certificate' });
  await expect(birth).toBeVisible();

  await birth.getByRole('button', { name: 'Upload' }).click();
  await expect(birth.getByText('Please select a file!')).toBeVisible();

  // Slow the upload down so its progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  await page.locator('#file-birth_certificate').setInputFiles({ name: 'birth certificate.pdf', mimeType: 'application/pdf', buffer: bigPdf() });
  await expect(birth.getByText('birth certificate.pdf')).toBeVisible();
  await birth.getByRole('button', { name: 'Upload' }).click();
  await expect(birth.getByRole('progressbar', { name: 'Uploading Birth Certificate' })).toBeVisible();
  await expect(birth.getByText(/^\d+%$/)).toBeVisible();
  await expect(birth.getByText('Birth certificate uploaded successfully.')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(birth.getByRole('link', { name: 'birth certificate.pdf' })).toHaveAttribute('href', `/api/files/${student.id}/birth_certificate`);

  const picture = page.getByRole('region', { name: 'Photo of the Student' });
  await page.locator('#file-picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo('#335577') });
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(picture.getByText('Photo uploaded successfully.')).toBeVisible();
  await expect(picture.getByRole('link', { name: 'me.png' })).toBeVisible();

  const sea = page.getByRole('region', { name: 'SEA Slip' });
  await page.locator('#file-sea_slip').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await photo('#aa0000') });
  await sea.getByRole('button', { name: 'Upload' }).click();
  await expect(sea.getByText('The sea slip must be a PDF file.')).toBeVisible();

  // Asked first; Cancel keeps the file and gives the focus back to Remove.
  await birth.getByRole('button', { name: 'Remove' }).click();
  const removing = page.getByRole('dialog', { name: 'Remove Birth Certificate?' });
  await expect(removing.getByText(/^The file .+ will be deleted\.$/)).toBeVisible();
  await expectAccessible(page);
  await removing.getByRole('button', { name: 'Cancel' }).click();
  await expect(removing).toHaveCount(0);
  await expect(birth.getByRole('button', { name: 'Remove' })).toBeFocused();
  await birth.getByRole('button', { name: 'Remove' }).click();
  await removing.getByRole('button', { name: 'Remove' }).click();
  await expect(birth.getByText('Birth certificate removed.')).toBeVisible();
  await expect(birth.getByRole('button', { name: 'Choose file' })).toBeVisible();

  await picture.getByRole('button', { name: 'Resubmit' }).click();
  await page.locator('#file-picture').setInputFiles({ name: 'me-again.png', mimeType: 'image/png', buffer: await photo('#557733') });
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(picture.getByRole('link', { name: 'me-again.png' })).toBeVisible();
  await expectAccessible(page);

  // Her data steps are empty, so the Complete step names what is missing and the agreement waits.
  await page.goto('/registration/complete');
  const states = page.getByRole('list', { name: 'Step states' });
  await expect(states.getByText(/Fill in: .*Home Address/)).toBeVisible();
  await expect(states.getByText('Upload: Birth Certificate, Immunization Card, SEA Slip.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions.' })).toBeDisabled();
  await expect(page.getByText(/^You can agree once every step is complete: /)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'View / Print registration form' }).click();
  const viewer = page.getByRole('dialog', { name: 'Registration Form' });
  await expect(viewer.getByText('Printing this form needs a legal sheet (8 1/2 x 14).')).toBeVisible();
  await expectFirstPageDrawn(viewer);
  const pdf = await page.request.get(`/api/registration-form/${student.id}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);
});

test('with documents missing, Complete and the Documents step both name what to upload, never a button the step does not show', async ({ page }) => {
  const student = claimStudent('empty', test.info().project.name === 'phone' ? 5 : 3);
  await signInStudentViaApi(page, student);
  await page.goto('/registration/complete');
  const documentsLine = page
    .getByRole('list', { name: 'Step states' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Documents' }) });
  await expect(documentsLine).toContainText('Upload: Birth Certificate, Immunization Card, SEA Slip, Photo of the Student.');
  await expect(documentsLine).not.toContainText('Nothing has changed');
  await expectAccessible(page);
  await documentsLine.scrollIntoViewIfNeeded();
  await shot(page, 'complete-documents-to-upload');

  // The Documents step says the same, above its slots.
  await documentsLine.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/registration\/documents$/);
  await expect(page.getByRole('status').filter({ hasText: 'Upload: Birth Certificate, Immunization Card, SEA Slip, Photo of the Student.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nothing has changed' })).toHaveCount(0);

  // One uploaded: both name only the rest.
  const picture = page.getByRole('region', { name: 'Photo of the Student' });
  await page.locator('#file-picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo('#335577') });
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(picture.getByText('Photo uploaded successfully.')).toBeVisible();
  const stillToUpload = page.getByText('Upload: Birth Certificate, Immunization Card, SEA Slip.', { exact: true });
  await expect(stillToUpload).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await shot(page, 'documents-to-upload');
  await page.getByRole('link', { name: 'Complete' }).first().click();
  await expect(documentsLine).toContainText('Upload: Birth Certificate, Immunization Card, SEA Slip.');
});
