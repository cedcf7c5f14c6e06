import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  messageStatuses,
  noMailServerBanner,
  notificationKindLabels,
  messageKinds,
  type MessageStatus,
  type MessageKind,
} from '@school/contract/notifications';
import { pageSizes } from '@school/contract/limits';
import { useState } from 'react';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { Pagination } from '../../components/mui/pagination.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { useMessages } from './api/get-messages.ts';
import { useRetryMessage } from './api/retry-message.ts';
import { MessageDialog } from './components/message-dialog.tsx';
import { NotificationSettingsPanel } from './components/notification-settings-panel.tsx';

/**
 * `/admin/messages`, Messages (decision 047): the school's notification switches, then every
 * message with its state, recipient, kind and time (on the school's clock, whatever the browser's), filtered by state and kind; Read shows the
 * message, 'Send again' queues a failed one. Without a mail server a banner says so and how to set one up.
 */
export default function MessagesPage() {
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const [kind, setKind] = useState<MessageKind | ''>('');
  const [page, setPage] = useState(1);
  const [reading, setReading] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { data, error, isFetching } = useMessages({ status: status || undefined, kind: kind || undefined, page });
  const retry = useRetryMessage();
  const timeZone = useSchoolTimeZone();

  return (
    <>
      <PageTitle>Messages</PageTitle>
      {data && !data.mail_server && (
        <Alert severity="info" sx={{ mb: 2, '& .MuiAlert-message': { overflow: 'visible', minWidth: 0 }, '& code': { overflowWrap: 'anywhere' } }}>
          {noMailServerBanner}. To send them, set <code>SMTP_URL</code> (for example <code>smtp://user:pass@mail.example.org:587</code>) and{' '}
          <code>MAIL_FROM</code>, then restart the portal.
        </Alert>
      )}
      <NotificationSettingsPanel />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as MessageStatus | '');
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {messageStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as MessageKind | '');
            setPage(1);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Any kind</MenuItem>
          {messageKinds.map((value) => (
            <MenuItem key={value} value={value}>
              {notificationKindLabels[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          The messages could not be loaded. Please reload the page.
        </Alert>
      )}
      {retry.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          The message could not be queued again. Please reload the page.
        </Alert>
      )}
      {isFetching && <LinearProgress aria-label="Loading the messages" />}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Messages" sx={{ px: { xs: 1.5, md: 0 } }}>
        <Table size="small" sx={cardsOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Recipient</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((message) => (
              <TableRow key={message.id}>
                <TableCell data-label="Time">{formatSchoolTime(message.sent_at ?? message.created_at, timeZone)}</TableCell>
                <TableCell data-label="Kind">{notificationKindLabels[message.kind]}</TableCell>
                <TableCell data-label="Recipient" sx={{ wordBreak: 'break-all' }}>
                  {message.recipient}
                </TableCell>
                <TableCell data-label="Subject">{message.subject}</TableCell>
                <TableCell data-label="Status">
                  {message.status}
                  {message.attempts > 0 && message.status !== 'sent' ? ` (${message.attempts} tries)` : ''}
                  {message.last_error && message.status !== 'sent' ? `: ${message.last_error}` : ''}
                </TableCell>
                <TableCell data-label="Actions" align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setReading(message.id)} aria-label={`Read the message to ${message.recipient}`}>
                    Read
                  </Button>
                  {message.status === 'failed' && (
                    <Button
                      size="small"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(message.id, { onSuccess: () => setDone(`The message to ${message.recipient} is queued again.`) })}
                    >
                      Send again
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {data && data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{status || kind ? 'No message matches the filters.' : 'No message has been written yet.'}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination total={data?.total ?? 0} page={page} pageSize={pageSizes.messages} onPage={setPage} />
      {reading !== null && <MessageDialog id={reading} onClose={() => setReading(null)} />}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}
