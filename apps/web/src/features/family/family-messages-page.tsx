import { pageSizes } from '@school/contract/limits';
import { notificationKindLabels, type MessageKind } from '@school/contract/notifications';
import { useState } from 'react';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightPagination } from '../../components/light/light-pagination.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { useMessages, type GuardianMessage } from './api/get-messages.ts';
import './family.css';

/** What a message was about, which daughter, and when it went (or that it waits to go). */
function about(message: GuardianMessage, timeZone: string): string {
  const kind = notificationKindLabels[message.kind as MessageKind] as string | undefined;
  const when = message.sent_at ? formatSchoolTime(message.sent_at, timeZone) : message.status === 'queued' ? 'Waiting to be sent' : 'Not sent';
  return [kind, message.student_first_name, when].filter(Boolean).join(' · ');
}

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
            {data.items.map((message, index) => (
              <li key={`${message.created_at}-${index}`} className="light-surface">
                <h2 className="light-heading">{message.subject}</h2>
                <p className="light-small light-secondary">{about(message, timeZone)}</p>
              </li>
            ))}
          </ul>
          <LightPagination count={data.total} page={page} rowsPerPage={pageSizes.messages} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
