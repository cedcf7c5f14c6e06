import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../src/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { LightStepper } from '../../../src/components/light/light-stepper.tsx';

const steps = [
  { to: '/registration/student-data', label: 'Student Data', complete: true },
  { to: '/registration/family-data', label: 'Family Data', complete: false },
  { to: '/registration/health-data', label: 'Health Data', complete: false },
];

describe('the light stepper', () => {
  it('links every step, names a done one as complete and marks the current one', () => {
    render(
      <MemoryRouter>
        <LightStepper label="Registration steps" steps={steps} current={1} />
      </MemoryRouter>,
    );
    const [menu, bar] = screen.getAllByRole('navigation', { name: 'Registration steps' });
    for (const nav of [menu!, bar!]) {
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('aria-label')),
      ).toEqual(['Student Data (complete)', 'Family Data', 'Health Data']);
      expect(within(nav).getByRole('link', { name: 'Family Data' })).toHaveAttribute('aria-current', 'step');
      expect(within(nav).getByRole('link', { name: 'Health Data' })).toHaveAttribute('href', '/registration/health-data');
    }
    expect(within(bar!).getByText('Step 2 of 3: Family Data')).toHaveAttribute('aria-hidden', 'true');
  });
});
