import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutosaveStore } from '../../../../src/features/registration/autosave-store.ts';
import { StepForm } from '../../../../src/features/registration/components/step-form.tsx';
import { acceptingSave, registration, withWizard } from '../fixtures.tsx';

/** The box a field is laid out in, in its section's two columns. */
const cellOf = (label: RegExp) => screen.getByLabelText(label).closest('.lf-grid > div');

describe('a step’s sections', () => {
  it('give a switch alone in its section the whole row, so its sentence is read on one line, and a short field half of it', async () => {
    render(withWizard(new AutosaveStore(registration(), acceptingSave), <StepForm step="studentData" readOnly={false} />));
    expect(await screen.findByLabelText(/The student holds an immigration permit/)).toBeInTheDocument();
    expect(cellOf(/The student holds an immigration permit/)).toHaveClass('lf-wide');
    expect(cellOf(/Nationality/)).not.toHaveClass('lf-wide');
  });
});
