import { useState } from 'react';
import { LazyPdfDialog } from './lazy-pdf-dialog.tsx';
import { LightAlert } from './light-alert.tsx';
import { LightIcon } from './light-icon.tsx';
import { LightSpinner } from './light-spinner.tsx';
import { failureMessage, LoadFailed } from './load-failed.tsx';
import { PageTitle } from './page-title.tsx';
import { reportCardUrl, useReportCardTerms, type ReportCardTerm } from '../../api/get-report-card-terms.ts';
import { postedAt, termLabel } from '../../lib/term-labels.ts';
import './term-report-list.css';

/** One term's card: the whole card is the button that opens its report card. */
function TermCard({ item, admin, onOpen }: { item: ReportCardTerm; admin: boolean; onOpen: () => void }) {
  const posted = item.posted === 1;
  // Greyed only where it cannot be opened: an admin's unposted report looks openable, with a chip.
  const greyed = !posted && !admin;
  const label = termLabel(item.year, item.term);
  return (
    <li className="light-surface-outlined term-card" data-greyed={greyed || undefined}>
      <button
        type="button"
        className="light-card-action term-card-action"
        disabled={greyed}
        onClick={onOpen}
        aria-label={`End of Term Report, ${label}${posted ? '' : ', not posted'}`}
      >
        <LightIcon name="reports" className="term-card-icon" />
        <span className="term-card-body">
          <span className="term-card-head">
            <span className="term-card-class">
              Form {item.form_level} {item.class_id}
            </span>
            {admin && !posted && <span className="term-card-chip">Not posted</span>}
          </span>
          <span className="term-card-line">End of Term Report</span>
          <span className="term-card-line light-secondary">{label}</span>
          <span className={`term-card-line term-card-state light-small${posted ? ' term-card-posted' : ' light-secondary'}`}>
            {posted ? `Report posted ${postedAt(item.date_posted)}` : 'Report not posted'}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * 'Select Term Report' (SPEC §2): one card per term, 'Form {form_level} {class_id}', 'End of Term
 * Report', the term, and whether it is posted. Selecting one opens its report card full screen.
 * Terms not posted are greyed and disabled for students; an admin (`admin`) opens them too, so
 * for her they look openable and carry a 'Not posted' chip (SPEC §2).
 */
export function TermReportList({
  studentId,
  admin = false,
  title = 'Select Term Report',
  firstName,
}: {
  studentId: string;
  admin?: boolean;
  title?: string;
  /** A guardian's list of her daughter's reports: a part of her dashboard, under its title, speaking of the girl by her name. */
  firstName?: string;
}) {
  const { data, isPending, error, refetch } = useReportCardTerms(studentId);
  const [open, setOpen] = useState<ReportCardTerm | null>(null);

  return (
    <div>
      <PageTitle level={firstName === undefined ? 1 : 2}>{title}</PageTitle>
      {isPending && <LightSpinner label="Loading the term reports" />}
      {error && <LoadFailed message={failureMessage(error, 'The term reports could not be loaded just now.')} onRetry={() => void refetch()} />}
      {data && data.length === 0 && (
        <LightAlert severity="info">
          {admin
            ? 'This student has no term reports yet.'
            : `${firstName === undefined ? 'You have' : `${firstName} has`} no term reports yet. They will appear here once the school posts them.`}
        </LightAlert>
      )}
      <ul className="term-cards" aria-label="Term reports">
        {data?.map((item) => (
          <TermCard key={`${item.year}-${item.term}`} item={item} admin={admin} onOpen={() => setOpen(item)} />
        ))}
      </ul>
      {open && (
        <LazyPdfDialog
          fullScreen
          title={`End of Term Report – ${termLabel(open.year, open.term)}`}
          source={reportCardUrl(studentId, open.year, open.term)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
