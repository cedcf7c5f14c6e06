import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '../../src/components/light/loading-overlay.tsx';
import { LightAlert } from '../../src/components/light/light-alert.tsx';
import { LightPagination } from '../../src/components/light/light-pagination.tsx';
import { LightSpinner } from '../../src/components/light/light-spinner.tsx';
import { SaveIndicator } from '../../src/components/light/save-indicator.tsx';
import { LightTextField } from '../../src/components/light/light-text-field.tsx';

describe('the plain text field of the sign-in screens', () => {
  it('is named by its label, with the required mark left out of the name', async () => {
    render(<LightTextField label="Student ID" required defaultValue="" />);
    const input = screen.getByRole('textbox', { name: 'Student ID' });
    expect(input).toBeRequired();
    await userEvent.type(input, '20260001');
    expect(input).toHaveValue('20260001');
  });

  it('is described by its hint, and marked invalid with its message when in error', () => {
    const { rerender } = render(<LightTextField label="Confirm Password" type="password" helperText="Type it again." />);
    const input = screen.getByLabelText('Confirm Password');
    expect(input).toHaveAccessibleDescription('Type it again.');
    expect(input).not.toHaveAttribute('aria-invalid');
    rerender(<LightTextField label="Confirm Password" type="password" helperText="The passwords do not match." error />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('keeps the line of an empty hint without describing anything', () => {
    render(<LightTextField label="Password" helperText=" " />);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-describedby');
  });
});

describe('the light alert', () => {
  it('announces an error at once and a notice politely', () => {
    render(
      <>
        <LightAlert severity="error" variant="outlined">
          The student ID or password is incorrect.
        </LightAlert>
        <LightAlert severity="info">Your session has ended. Please sign in again.</LightAlert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The student ID or password is incorrect.');
    expect(screen.getByRole('alert')).toHaveClass('light-alert-error', 'light-alert-outlined');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('is read out politely with good news, its bold title first', () => {
    render(
      <LightAlert severity="success" title="Your registration is complete">
        Completed today.
      </LightAlert>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Your registration is completeCompleted today.');
    expect(within(status).getByText('Your registration is complete').tagName).toBe('STRONG');
  });

  it('takes the role it is told, a class of the caller’s, and the focus when given a ref', () => {
    const ref = { current: null as HTMLDivElement | null };
    render(
      <>
        <LightAlert severity="warning" role="alert" className="lf-gap-bottom">
          Registration is closed.
        </LightAlert>
        <LightAlert severity="success" focusRef={ref}>
          Saved.
        </LightAlert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Registration is closed.');
    expect(screen.getByRole('alert')).toHaveClass('light-alert', 'light-alert-warning', 'lf-gap-bottom');
    expect(screen.getByRole('status')).not.toHaveClass('light-alert-outlined');
    ref.current?.focus();
    expect(screen.getByRole('status')).toHaveFocus();
  });
});

describe('the loading overlay', () => {
  it('shows a named progress indicator while open, and nothing when closed', () => {
    const { rerender } = render(<LoadingOverlay open label="Signing in" />);
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    rerender(<LoadingOverlay open={false} label="Signing in" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('the light spinner', () => {
  it('is a progress indicator named by what it waits for, in the place of a screen’s content or in the autosave mark beside a field', () => {
    render(
      <>
        <LightSpinner label="Loading attendance" centred />
        <SaveIndicator status="saving" label="Home Phone" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading attendance' })).toHaveClass('light-spinner');
    expect(screen.getByRole('progressbar', { name: 'Saving Home Phone' })).toHaveClass('light-spinner');
  });

  it('is the one the loading overlay shows', () => {
    render(<LoadingOverlay open label="Signing in" />);
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toHaveClass('light-spinner');
  });
});

/** A table's foot over 60 rows, turning its own pages. */
function Pages({ options }: { options?: number[] }) {
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(25);
  return (
    <LightPagination
      count={60}
      page={page}
      rowsPerPage={rows}
      onPageChange={setPage}
      perPageOptions={options}
      perPageLabel="Days per page"
      onRowsPerPageChange={(next) => {
        setRows(next);
        setPage(0);
      }}
    />
  );
}

describe('the light pagination', () => {
  it('says which rows show, and turns the pages from the keyboard, each turn refused at its end', async () => {
    const user = userEvent.setup();
    render(<Pages />);
    const previous = screen.getByRole('button', { name: 'Go to previous page' });
    const next = screen.getByRole('button', { name: 'Go to next page' });
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(previous).toBeDisabled();
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
  });

  it('offers a labelled choice of rows per page only when there are choices', async () => {
    const { unmount } = render(<Pages options={[10, 25, 100]} />);
    const perPage = screen.getByRole('combobox', { name: 'Days per page' });
    expect(perPage).toHaveValue('25');
    await userEvent.selectOptions(perPage, '10');
    expect(screen.getByText('1–10 of 60')).toBeInTheDocument();
    unmount();
    render(<Pages options={[10]} />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
