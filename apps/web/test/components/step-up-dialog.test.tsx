import { fireEvent, render, screen } from '@testing-library/react';
import { messages } from '@school/contract/messages';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/client.ts';
import { useStepUp } from '../../src/components/step-up-dialog.tsx';
import { json, stubFetch } from '../http.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A page with one guarded export. */
function Exporter() {
  const { guard, dialog } = useStepUp();
  const [result, setResult] = useState('');
  return (
    <>
      <button
        onClick={() =>
          guard(() => api<{ ok: boolean }>('/api/export')).then(
            () => setResult('exported'),
            (error: Error) => setResult(error.message),
          )
        }
      >
        Export
      </button>
      <output>{result}</output>
      {dialog}
    </>
  );
}

describe('the step-up before a whole-school export', () => {
  it('asks for the code when the server does, and runs the export again once it is accepted', async () => {
    let stepped = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/account/step-up') {
        stepped = true;
        return json({ message: 'Confirmed.' });
      }
      return stepped ? json({ ok: true }) : json({ code: 'step_up_required', enrolled: true, message: messages.stepUpRequired }, 403);
    });
    render(<Exporter />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('exported')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/export', '/api/account/step-up', '/api/export']);
  });

  it('tells a staff member without a factor to set one up, with no dialog', async () => {
    stubFetch(() => json({ code: 'step_up_required', enrolled: false, message: messages.enrolSecondFactorFirst }, 403));
    render(<Exporter />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(messages.enrolSecondFactorFirst)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
