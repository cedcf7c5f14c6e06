import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_POLL_MS } from '../../../src/api/get-import-progress.ts';
import { ImportPanel } from '../../../src/components/mui/import-panel.tsx';
import { json, renderWithQueries, stubFetch, stubFormPosts } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const file = () => new File(['Student ID,Subject\n'], 'results.csv', { type: 'text/csv' });
const counts = (answer: Record<string, unknown>) => [['Students', Number(answer.students)] as [string, number]];

describe('the import panel', () => {
  it('checks the file with a dry run, shows the figures and first rows, and imports only when confirmed', async () => {
    const calls = stubFormPosts(({ fields }) => ({
      status: 200,
      body: { dry_run: fields.dry_run === 'true', students: 12, preview: [{ student_id: '20260001', subject: 'Mathematics' }], errors: [] },
    }));
    const applied = vi.fn();
    renderWithQueries(<ImportPanel url="/api/term-results/import" fields={{ year: '2026', term: '1' }} counts={counts} onApplied={applied} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose the file to import'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText(/ready to import/)).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Mathematics' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].fields).toEqual({ year: '2026', term: '1', dry_run: 'true' });
    expect(calls[0].file?.name).toBe('results.csv');
    expect(applied).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file was imported.')).toBeInTheDocument();
    expect(calls[1].fields.dry_run).toBe('false');
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('shows how many rows the server has written while a large file is imported, and only then', async () => {
    // The polls run on the test's clock.
    vi.useFakeTimers();
    let releaseImport!: () => void;
    stubFormPosts(({ fields }) =>
      fields.dry_run === 'true'
        ? { status: 200, body: { dry_run: true, students: 1500, errors: [] } }
        : new Promise((resolve) => (releaseImport = () => resolve({ status: 200, body: { dry_run: false, students: 1500, errors: [] } }))),
    );
    let written = 600;
    const fetches = stubFetch(({ url }) =>
      url === '/api/student-import/progress' ? json({ running: true, done: written, total: 1500 }) : json({ message: 'Not found' }, 404),
    );
    renderWithQueries(
      <ImportPanel url="/api/student-import" fields={{}} counts={counts} progress={{ url: '/api/student-import/progress', noun: 'students' }} />,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(screen.getByLabelText('Choose the file to import'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/ready to import/)).toBeInTheDocument();
    expect(fetches).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 600 of 1,500 students')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Importing' })).toHaveAttribute('aria-valuenow', '40');
    written = 1200;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS));
    expect(await screen.findByText('Imported 1,200 of 1,500 students')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Importing' })).toHaveAttribute('aria-valuenow', '80');

    releaseImport();
    expect(await screen.findByText('The file was imported.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const asked = fetches.length;
    await act(() => vi.advanceTimersByTimeAsync(4 * PROGRESS_POLL_MS));
    expect(fetches).toHaveLength(asked);
  });

  it('lists every row error and offers no import when the file has problems', async () => {
    stubFormPosts(() => ({
      status: 200,
      body: {
        dry_run: true,
        students: 0,
        errors: [
          { row: 3, column: 'Mark', message: 'A mark is a whole number from 0 to 100, or blank for absent.' },
          { row: 7, column: 'Student ID', message: 'There is no student with the ID 99999999.' },
        ],
      },
    }));
    renderWithQueries(<ImportPanel url="/api/attendance-import" fields={{}} counts={counts} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose the file to import'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText(/The file has 2 problems/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'There is no student with the ID 99999999.' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the file is refused, and asks for a file when none is chosen", async () => {
    stubFormPosts(() => ({
      status: 422,
      body: {
        message: 'The file must be an Excel workbook (.xlsx) or a CSV file.',
        errors: { file: ['The file must be an Excel workbook (.xlsx) or a CSV file.'] },
      },
    }));
    renderWithQueries(<ImportPanel url="/api/attendance-import" fields={{}} counts={counts} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a file!');

    await user.upload(screen.getByLabelText('Choose the file to import'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must be an Excel workbook (.xlsx) or a CSV file.');
  });

  it('waits for the fields it needs before a file can be checked', () => {
    stubFormPosts(() => ({ status: 200, body: {} }));
    renderWithQueries(<ImportPanel url="/api/attendance-import" fields={{}} counts={counts} notReady="Choose the year and the term first." />);
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByText('Choose the year and the term first.')).toBeInTheDocument();
  });
});
