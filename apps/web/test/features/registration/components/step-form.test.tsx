import type { FieldDef } from '@school/contract';
import { act, render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutosaveStore } from '../../../../src/features/registration/autosave-store.ts';
import { StepForm } from '../../../../src/features/registration/components/step-form.tsx';
import { acceptingSave, allSectionsDrawn, passTime, registration, withWizard } from '../fixtures.tsx';

vi.stubGlobal('fetch', async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));

/** The components that draw one field, by their names. */
const fieldKinds = new Set(['TextInput', 'SelectInput', 'DateInput', 'SwitchInput', 'YesNoInput']);
const diffedBefore = options.diffed;
afterEach(() => {
  options.diffed = diffedBefore;
});

/** The name of each field drawn from now on, once for every time it is drawn. */
function fieldsDrawn(): string[] {
  const drawn: string[] = [];
  options.diffed = (vnode: VNode) => {
    if (typeof vnode.type === 'function' && fieldKinds.has(vnode.type.name)) drawn.push((vnode.props as Partial<{ field: FieldDef }>).field?.name ?? '');
    diffedBefore?.(vnode);
  };
  return drawn;
}

/** The box a field is laid out in, in its section's two columns. */
const cellOf = (label: RegExp) => screen.getByLabelText(label).closest('.lf-grid > div');

describe('a step’s sections', () => {
  it('give a switch alone in its section the whole row, so its sentence is read on one line, and a short field half of it', async () => {
    render(withWizard(new AutosaveStore(registration(), acceptingSave), <StepForm step="studentData" readOnly={false} />));
    expect(await screen.findByLabelText(/The student holds an immigration permit/)).toBeInTheDocument();
    expect(cellOf(/The student holds an immigration permit/)).toHaveClass('lf-wide');
    expect(cellOf(/Nationality/)).not.toHaveClass('lf-wide');
  });

  it('draws each field once as its section comes, and again only the field whose own value or mark changed', async () => {
    const drawn = fieldsDrawn();
    const store = new AutosaveStore(registration({ living_status: 'Both Parents' }), acceptingSave);
    render(withWizard(store, <StepForm step="familyData" readOnly={false} />));
    await allSectionsDrawn();
    expect(drawn).toContain('mother_occupation');
    expect(drawn.length).toBeGreaterThan(20);
    // A section drawn in a later turn leaves those already drawn as they were.
    expect(drawn.filter((name, index) => drawn.indexOf(name) !== index)).toEqual([]);
    drawn.length = 0;
    vi.useFakeTimers();
    act(() => store.commit('mother_occupation', 'Nurse'));
    await passTime();
    expect(store.getSnapshot().status.get('mother_occupation')).toBe('saved');
    // The save changed the record, its version and the field's mark: only that field is drawn again.
    expect(new Set(drawn)).toEqual(new Set(['mother_occupation']));
  });
});
