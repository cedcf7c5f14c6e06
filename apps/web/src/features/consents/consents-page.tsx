import { failureText, LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { consentMessages } from '@school/contract/consents';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '../../lib/router/index.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { Spinner } from '../../components/mui/spinner.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { useMay } from '../../lib/use-may.ts';
import { useSaveConsentSettings } from './api/consent-settings.ts';
import { useConsentForms } from './api/get-consent-forms.ts';
import { ConsentFormDialog } from './components/consent-form-dialog.tsx';
import { closingWords } from './components/words.ts';

/** The school's switch (admins): the yearly registration also asks a linked guardian's agreement; the office reads whether it is on. */
function RegistrationAgreementSetting({ on, mayChange, onDone }: { on: boolean; mayChange: boolean; onDone: (message: string) => void }) {
  const save = useSaveConsentSettings();
  return (
    <Paper component="section" aria-labelledby="registration-agreement-title" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="registration-agreement-title" variant="h6" component="h2" gutterBottom>
        The yearly registration
      </Typography>
      {mayChange ? (
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={save.isPending}
              onChange={(event) =>
                void save.mutateAsync({ registration_agreement: event.target.checked }).then(
                  (saved) =>
                    onDone(saved.registration_agreement ? 'A linked parent is now asked to agree to the registration.' : 'A parent is no longer asked.'),
                  () => undefined,
                )
              }
            />
          }
          label={consentMessages.settingLabel}
        />
      ) : (
        <Typography>
          {on ? 'A linked parent or guardian is asked to agree to the yearly registration too.' : 'Only the student agrees to the yearly registration.'}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        When it is on, each parent or guardian linked in the portal is asked, for each daughter whose registration is open, to agree to the year’s terms the
        student agrees to. Her record shows whether a parent agreed.
      </Typography>
      {save.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The setting could not be saved: {failureText(save.error, 'the portal did not answer.')}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * `/admin/consents` (office and admins, decision 067): the consent forms, newest first, each with its
 * classes, when it closes and how many answers stand; an admin writes a new one and switches the
 * registration's agreement on or off. A form opens on its own page with who has answered.
 */
export default function ConsentsPage() {
  const may = useMay();
  const navigate = useNavigate();
  const { data, error, isPending, refetch } = useConsentForms();
  const [writing, setWriting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const mayWrite = may('settings');

  return (
    <>
      <PageTitle>Consent Forms</PageTitle>
      {data && <RegistrationAgreementSetting on={data.registration_agreement} mayChange={mayWrite} onDone={setDone} />}
      <Paper component="section" aria-labelledby="consent-forms-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography id="consent-forms-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Forms
          </Typography>
          {mayWrite && (
            <Button variant="contained" onClick={() => setWriting(true)}>
              New consent form
            </Button>
          )}
        </Box>
        {error ? (
          <LoadFailedAlert what="The consent forms" error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <Spinner label="Loading the consent forms" />
        ) : data.forms.length === 0 ? (
          <Typography role="status">No consent form yet. {mayWrite ? 'Write one with New consent form.' : 'An admin writes them.'}</Typography>
        ) : (
          <Table size="small" aria-label="Consent forms" sx={cardsOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Classes</TableCell>
                <TableCell>Answers taken</TableCell>
                <TableCell>Answers</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.forms.map((form) => (
                <TableRow key={form.id} data-form={form.id}>
                  <TableCell data-label="Title">
                    <Link component={RouterLink} to={`/admin/consents/${encodeURIComponent(form.id)}`} sx={{ fontWeight: 600 }}>
                      {form.title}
                    </Link>
                    {form.per_daughter && form.kind === 'form' && (
                      <Typography variant="body2" color="text.secondary">
                        An answer for each daughter
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell data-label="Classes">
                    {form.kind === 'registration' ? 'Every class whose registration is open' : form.class_ids.join(', ')}
                  </TableCell>
                  <TableCell data-label="Answers taken">{closingWords(form)}</TableCell>
                  <TableCell data-label="Answers">{form.answers}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      {writing && (
        <ConsentFormDialog
          onClose={() => setWriting(false)}
          onDone={(message, saved) => {
            setWriting(false);
            setDone(message);
            void navigate(`/admin/consents/${encodeURIComponent(saved.id)}`);
          }}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}
