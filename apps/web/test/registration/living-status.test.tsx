import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AutosaveStore } from '../../src/features/registration/autosave-store.ts';
import { StepForm } from '../../src/features/registration/components/StepForm.tsx';
import { acceptingSave, registration, withWizard } from './fixtures.tsx';

vi.stubGlobal('fetch', async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));

const sections = () => screen.queryAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));

describe('family data sections follow the living status (SPEC §4)', () => {
  it.each([
    ['Both Parents', ['mother', 'father'], true],
    ['Father Only', ['father'], true],
    ['Mother Only', ['mother'], true],
    ['Guardian', ['guardian'], true],
    ['Other', [], false],
  ] as const)('%s shows %j', (livingStatus, parents, familyShown) => {
    const store = new AutosaveStore(registration({ living_status: livingStatus }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    const shown = sections();
    for (const parent of ['mother', 'father', 'guardian']) expect(shown.includes(`section-${parent}`)).toBe((parents as readonly string[]).includes(parent));
    expect(shown.includes('section-family')).toBe(familyShown);
    expect(shown.includes('section-emergency-contact')).toBe(familyShown);
  });

  it('shows a section whose name is already filled in, whatever the status', () => {
    const store = new AutosaveStore(registration({ living_status: 'Mother Only', guardian_name: 'Aunt Claudette' }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    expect(sections()).toEqual(expect.arrayContaining(['section-mother', 'section-guardian']));
  });

  it('shows section 7 only with an immigration permit', () => {
    const store = new AutosaveStore(registration({ immigration_permit: 0 }), acceptingSave);
    const { unmount } = render(withWizard(store, <StepForm step="studentData" readOnly={false} />));
    expect(sections()).not.toContain('section-section-7-immigration-permit-dates');
    unmount();
    const withPermit = new AutosaveStore(registration({ immigration_permit: 1 }), acceptingSave);
    render(withWizard(withPermit, <StepForm step="studentData" readOnly={false} />));
    expect(sections()).toContain('section-section-7-immigration-permit-dates');
  });
});
