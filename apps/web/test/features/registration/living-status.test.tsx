import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AutosaveStore } from '../../../src/features/registration/autosave-store.ts';
import { StepForm } from '../../../src/features/registration/components/step-form.tsx';
import { acceptingSave, allSectionsDrawn, onTestClock, passTime, registration, withWizard } from './fixtures.tsx';

vi.stubGlobal('fetch', async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));

const sections = () => screen.queryAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));

describe('family data sections follow the living status (SPEC §4)', () => {
  it.each([
    ['Both Parents', ['mother', 'father'], true],
    ['Father Only', ['father'], true],
    ['Mother Only', ['mother'], true],
    ['Guardian', ['guardian'], true],
    ['Other', [], false],
  ] as const)('%s shows %j', async (livingStatus, parents, familyShown) => {
    const store = new AutosaveStore(registration({ living_status: livingStatus }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await allSectionsDrawn();
    const shown = sections();
    for (const parent of ['mother', 'father', 'guardian']) expect(shown.includes(`section-${parent}`)).toBe((parents as readonly string[]).includes(parent));
    expect(shown.includes('section-family')).toBe(familyShown);
    expect(shown.includes('section-emergency-contact')).toBe(familyShown);
  });

  it('marks the name of each parent the living status shows as required, and only those', async () => {
    const store = new AutosaveStore(registration({ living_status: 'Both Parents' }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await allSectionsDrawn();
    const nameIn = (section: string) => within(screen.getByRole('region', { name: section })).getByRole('textbox', { name: /^Name/ });
    expect(nameIn('Mother')).toBeRequired();
    expect(nameIn('Father')).toBeRequired();
    expect(within(screen.getByRole('region', { name: 'Mother' })).getByRole('textbox', { name: /^Occupation/ })).not.toBeRequired();
    await userEvent.click(nameIn('Father'));
    await userEvent.tab();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });

  it('shows a section whose name is already filled in, whatever the status', async () => {
    const store = new AutosaveStore(registration({ living_status: 'Mother Only', guardian_name: 'Aunt Marcia' }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await allSectionsDrawn();
    expect(sections()).toEqual(expect.arrayContaining(['section-mother', 'section-guardian']));
  });

  it('follows a change of the living status at once, and saves it', async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration({ living_status: 'Mother Only' }), save);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await allSectionsDrawn();
    const choose = async (status: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: /The student lives with/ }));
      await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: status }));
    };
    await choose('Both Parents');
    expect(sections()).toEqual(expect.arrayContaining(['section-mother', 'section-father', 'section-family', 'section-emergency-contact']));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ living_status: 'Both Parents' }));
    await choose('Guardian');
    expect(sections()).toContain('section-guardian');
    expect(sections()).not.toContain('section-mother');
    await choose('Other');
    expect(sections()).toEqual(['section-living-status']);
  });

  it('offers exactly the spec’s living statuses and marital statuses', async () => {
    const store = new AutosaveStore(registration({ living_status: 'Father Only' }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await userEvent.click(screen.getByRole('combobox', { name: /The student lives with/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Both Parents', 'Father Only', 'Mother Only', 'Guardian', 'Other']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(screen.getByRole('region', { name: 'Father' })).getByRole('combobox', { name: 'Marital Status' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not stated', 'Married', 'Single', 'Divorced', 'Widowed']);
  });

  it('turns section 7 on and off with the immigration permit switch, saving 1 and 0', async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration({ immigration_permit: 0 }), save);
    const user = onTestClock();
    render(withWizard(store, <StepForm step="studentData" readOnly={false} />));
    await allSectionsDrawn();
    await user.click(screen.getByRole('switch', { name: 'The student holds an immigration permit' }));
    expect(sections()).toContain('section-section-7-immigration-permit-dates');
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ immigration_permit: 1 }));
    await user.click(screen.getByRole('switch', { name: 'The student holds an immigration permit' }));
    expect(sections()).not.toContain('section-section-7-immigration-permit-dates');
    // The switch-off waits behind the first save (one request at a time), then goes out too.
    expect(save).toHaveBeenCalledTimes(1);
    await passTime();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ immigration_permit: 0 }));
  });

  it('shows section 7 only with an immigration permit', async () => {
    const store = new AutosaveStore(registration({ immigration_permit: 0 }), acceptingSave);
    const { unmount } = render(withWizard(store, <StepForm step="studentData" readOnly={false} />));
    await allSectionsDrawn();
    expect(sections()).not.toContain('section-section-7-immigration-permit-dates');
    unmount();
    const withPermit = new AutosaveStore(registration({ immigration_permit: 1 }), acceptingSave);
    render(withWizard(withPermit, <StepForm step="studentData" readOnly={false} />));
    await allSectionsDrawn();
    expect(sections()).toContain('section-section-7-immigration-permit-dates');
  });
});
