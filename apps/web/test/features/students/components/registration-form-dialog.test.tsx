import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegistrationFormDialog } from '../../../../src/features/students/components/registration-form-dialog.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';
import { row } from '../fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the admin’s Registration Form dialog', () => {
  it('says, as the student’s does, that printing the form needs a legal sheet', async () => {
    stubFetch(() => json({ message: 'There is no student with that ID.' }, 404));
    renderWithQueries(<RegistrationFormDialog student={row} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Registration Form – Kezia Charles' })).toBeVisible();
    expect(screen.getByText('Printing this form needs a legal sheet (8 1/2 x 14).')).toBeVisible();
  });
});
