import { failureText, LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { fileNames } from '@school/contract/file-names';
import type { ConsentForm } from '@school/contract/responses';
import { useState } from 'react';
import { Link as RouterLink, useParams } from '../../lib/router/index.ts';
import { downloadFile } from '../../api/download-file.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { PdfDialog } from '../../components/mui/pdf-dialog.tsx';
import { Spinner } from '../../components/mui/spinner.tsx';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { useMay } from '../../lib/use-may.ts';
import { consentAnswersFile, useConsentAnswers } from './api/get-consent-answers.ts';
import { useConsentForm } from './api/get-consent-form.ts';
import { ClassAnswersTable, countsLine } from './components/answers-by-class.tsx';
import { ConsentFormDialog } from './components/consent-form-dialog.tsx';
import { ConsentReminders } from './components/consent-reminders.tsx';
import { closingWords } from './components/words.ts';

/** The form itself: what it is for, when it closes, its words now and their version; an admin may edit it. */
function FormWords({ form, mayEdit, onEdit }: { form: ConsentForm; mayEdit: boolean; onEdit: () => void }) {
  const facts = [
    form.kind === 'registration' ? 'Students whose registration is open' : `Classes ${form.class_ids.join(', ')}`,
    closingWords(form),
    form.per_daughter ? 'An answer for each daughter' : 'One answer from each parent or guardian',
    `Text version ${form.version}`,
  ];
  return (
    <Paper component="section" aria-labelledby="form-words-title" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="form-words-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          The form
        </Typography>
        {mayEdit && form.kind === 'form' && (
          <Button variant="outlined" onClick={onEdit}>
            Edit
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {facts.join(' · ')}
      </Typography>
      <Typography
        component="div"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', p: 1.5, bgcolor: 'grey.50', borderLeft: 3, borderColor: 'primary.main' }}
      >
        {form.text}
      </Typography>
      {form.versions.length > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Its words changed after guardians answered: each answer keeps the version it agreed to.
        </Typography>
      )}
    </Paper>
  );
}

/**
 * `/admin/consents/:formId` (office and admins, decision 067): the form and, per class, who answered
 * what and who has not, with each class's CSV and PDF and the whole form's (a guarded export); a
 * reminder to those who have not answered, counted first; an admin edits the form here.
 */
export default function ConsentFormPage() {
  const { formId = '' } = useParams();
  const may = useMay();
  const timeZone = useSchoolTimeZone();
  const form = useConsentForm(formId);
  const answers = useConsentAnswers(formId);
  const { guard, dialog } = useStepUp();
  const [editing, setEditing] = useState(false);
  const [onlyWaiting, setOnlyWaiting] = useState(false);
  const [printing, setPrinting] = useState<{ classId?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);

  const download = async (classId?: string) => {
    setDownloadFailed(null);
    try {
      await guard(() => downloadFile(consentAnswersFile(formId, 'csv', classId), fileNames.consentAnswers(form.data?.title ?? 'answers', classId, 'csv')));
    } catch (caught) {
      setDownloadFailed(failureText(caught, 'the portal did not answer.'));
    }
  };

  if (form.error)
    return (
      <>
        <PageTitle>Consent Form</PageTitle>
        <Alert severity="error">The form could not be loaded: {failureText(form.error, 'the portal did not answer.')}</Alert>
        <BackLink />
      </>
    );
  if (form.isPending) return <Spinner label="Loading the consent form" />;
  return (
    <>
      <PageTitle>{form.data.title}</PageTitle>
      {dialog}
      <BackLink />
      <FormWords form={form.data} mayEdit={may('settings')} onEdit={() => setEditing(true)} />
      <Paper component="section" aria-labelledby="answers-title" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="answers-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Answers
          </Typography>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
            All classes (CSV)
          </Button>
          <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => setPrinting({})}>
            All classes (PDF)
          </Button>
        </Box>
        {downloadFailed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            The file could not be downloaded: {downloadFailed}
          </Alert>
        )}
        {answers.error ? (
          <LoadFailedAlert what="The answers" error={answers.error} onRetry={() => void answers.refetch()} />
        ) : answers.isPending ? (
          <Spinner label="Loading the answers" />
        ) : (
          <>
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {countsLine(answers.data.totals)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {answers.data.totals.guardians_waiting === 1
                ? '1 parent or guardian has not answered.'
                : `${answers.data.totals.guardians_waiting} parents and guardians have not answered.`}
            </Typography>
            <FormControlLabel
              control={<Switch checked={onlyWaiting} onChange={(event) => setOnlyWaiting(event.target.checked)} />}
              label="Only those who have not answered"
              sx={{ mb: 1 }}
            />
            {answers.data.classes.length === 0 && <Typography>No student is asked by this form.</Typography>}
            {answers.data.classes.map((lines) => (
              <ClassAnswersTable
                key={lines.class_id}
                lines={lines}
                version={form.data.version}
                timeZone={timeZone}
                onlyWaiting={onlyWaiting}
                onDownload={() => void download(lines.class_id)}
                onPrint={() => setPrinting({ classId: lines.class_id })}
              />
            ))}
          </>
        )}
      </Paper>
      {may('records:write') && <ConsentReminders formId={formId} open={form.data.open} />}
      {editing && (
        <ConsentFormDialog
          form={form.data}
          onClose={() => setEditing(false)}
          onDone={(message) => {
            setEditing(false);
            setDone(message);
          }}
        />
      )}
      {printing && (
        <PdfDialog
          title={`${form.data.title}${printing.classId ? ` – class ${printing.classId}` : ''}`}
          source={consentAnswersFile(formId, 'pdf', printing.classId)}
          onClose={() => setPrinting(null)}
          guard={guard}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}

/** Back to the list of forms. */
function BackLink() {
  return (
    <Link component={RouterLink} to="/admin/consents" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, minHeight: 44 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      All consent forms
    </Link>
  );
}
