import EditIcon from '@mui/icons-material/Edit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActions, drawingOf, rowActionIcons, rowActionStyle } from '../../../../src/features/students/components/row-action.tsx';

const kezia = [
  { action: 'form', icon: 'form', label: 'Registration Form of Charles, Kezia' },
  { action: 'edit', icon: 'edit', label: 'Edit Charles, Kezia' },
  { action: 'reset', icon: 'reset', label: 'Reset password of Charles, Kezia' },
] as const;

describe('the students table’s row actions', () => {
  it('draw each Material icon’s own path, as a CSS image', () => {
    const editPath = (drawingOf(EditIcon) as { props: { d: string } }).props.d;
    expect(editPath).toMatch(/^M[\d.]/);
    expect(decodeURIComponent(rowActionIcons.edit)).toContain(`<path d="${editPath}"/>`);
    for (const [name, image] of Object.entries(rowActionIcons)) {
      expect(decodeURIComponent(image), name).toMatch(/^url\("data:image\/svg\+xml,<svg [^>]*><path d="M[\d.][^"]+"\/><\/svg>"\)$/);
      expect(rowActionStyle, name).toHaveProperty([`& .row-action[data-icon="${name}"]::before`, 'maskImage'], image);
    }
  });

  it('are buttons named by their labels, in a toolbar named for the row, that answer a click with their action', async () => {
    const onAction = vi.fn();
    render(<RowActions label="Actions for Charles, Kezia" actions={[...kezia]} onAction={onAction} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for Charles, Kezia' });
    const edit = screen.getByRole('button', { name: 'Edit Charles, Kezia' });
    expect(toolbar).toContainElement(edit);
    expect(edit).toHaveAttribute('type', 'button');
    expect(edit).toHaveAttribute('data-icon', 'edit');
    await userEvent.click(edit);
    expect(onAction).toHaveBeenCalledExactlyOnceWith('edit');
  });

  it('are one stop of the Tab key, moved between with the arrow keys, Home and End, and Tab comes back to the last one reached', async () => {
    const onAction = vi.fn();
    render(
      <>
        <input aria-label="Before" />
        <RowActions label="Actions for Charles, Kezia" actions={[...kezia]} onAction={onAction} />
        <input aria-label="After" />
      </>,
    );
    const user = userEvent.setup();
    const [form, edit, reset] = kezia.map((item) => screen.getByRole('button', { name: item.label }));
    expect([form, edit, reset].map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    screen.getByRole('textbox', { name: 'Before' }).focus();
    await user.tab();
    expect(form).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(edit).toHaveFocus();
    expect([form, edit, reset].map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(reset).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(reset).toHaveFocus();
    await user.keyboard('{Home}');
    expect(form).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(edit).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledExactlyOnceWith('edit');
  });
});
