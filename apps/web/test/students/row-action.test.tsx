import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RowAction, rowActionIcons } from '../../src/features/students/components/row-action.tsx';

describe('the students table’s row actions', () => {
  it('draw each Material icon’s own path, not a whole SvgIcon', () => {
    for (const [name, drawing] of Object.entries(rowActionIcons)) {
      expect(isValidElement(drawing), name).toBe(true);
      const element = drawing as { type: unknown; props: { d?: unknown } };
      expect(element.type, name).toBe('path');
      expect(element.props.d, name).toMatch(/^M[\d.]/);
    }
  });

  it('are buttons named by their label, with the icon hidden from assistive technology, that answer a click', async () => {
    const onClick = vi.fn();
    render(<RowAction label="Edit Charles, Kezia" icon="edit" tabIndex={-1} touchRippleRef={() => undefined} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Edit Charles, Kezia' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('tabindex', '-1');
    const svg = button.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe((rowActionIcons.edit as { props: { d: string } }).props.d);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
