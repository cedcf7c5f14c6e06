import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LightCheckbox, LightSwitch } from '../../../src/components/light/light-switch.tsx';

describe('the light switch and tick box', () => {
  it('a switch is named by its label and turned by a click or Space', async () => {
    const onCheckedChange = vi.fn();
    const { rerender } = render(<LightSwitch id="field-asthma" label="Asthma" checked={false} onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'Asthma' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(screen.getByText('Asthma'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    rerender(<LightSwitch id="field-asthma" label="Asthma" checked onCheckedChange={onCheckedChange} />);
    expect(toggle).toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('a disabled switch cannot be turned', async () => {
    const onCheckedChange = vi.fn();
    render(<LightSwitch id="field-asthma" label="Asthma" checked={false} disabled onCheckedChange={onCheckedChange} />);
    expect(screen.getByRole('switch', { name: 'Asthma' })).toBeDisabled();
    await userEvent.click(screen.getByText('Asthma'));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('a tick box is named by its label and described by its reason', async () => {
    const onCheckedChange = vi.fn();
    render(
      <>
        <LightCheckbox id="agree" label="I agree." checked={false} aria-describedby="why" onCheckedChange={onCheckedChange} />
        <p id="why">Every step first.</p>
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree.' });
    expect(box).toHaveAccessibleDescription('Every step first.');
    await userEvent.click(box);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
