import { guardianMessagesPerPage } from '@school/contract/guardians';
import { notificationKindLabels } from '@school/contract/notifications';
import { useState } from 'react';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightPagination } from '../../components/light/light-pagination.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { useMessages } from './api/get-messages.ts';
import './family.css';

/** `/family/messages`: what the school sent her about her daughters, newest first, a page at a time (decision 064). */
export default function FamilyMessagesPage() {
  const [page, setPage] = useState(0);
  const timeZone = useSchoolTimeZone();
  const { data, error, isPending, refetch } = useMessages(page + 1);
  return (
    <div>
      <PageTitle>Messages</PageTitle>
      {error && <LoadFailed message={failureMessage(error, 'Your messages could not be loaded just now.')} onRetry={() => void refetch()} />}
      {isPending && <LightSpinner label="Loading your messages" centred />}
      {data && data.total === 0 && <LightAlert severity="info">The school has sent you no messages yet.</LightAlert>}
      {data && data.total > 0 && (
        <>
          <ul className="family-messages" aria-label="Messages from the school">
            {data.items.map((message) => (
              <li key={message.id} className="light-surface">
                <h2 className="light-heading">{message.subject}</h2>
                <p className="light-small light-secondary">
                  {[notificationKindLabels[message.kind], message.student_first_name, formatSchoolTime(message.sent_at ?? message.created_at, timeZone)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="light-text">{message.text}</p>
              </li>
            ))}
          </ul>
          <LightPagination count={data.total} page={page} rowsPerPage={guardianMessagesPerPage} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
