import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { displayName } from '@school/contract/names';
import { Link as RouterLink, useParams } from '../../lib/router/index.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useQuery } from '@tanstack/react-query';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { getStudentChanges, getStudentChangesQueryOptions } from './api/get-student-changes.ts';
import { getStudentHistoryQueryOptions } from './api/get-student-history.ts';
import { ChangesSinceLastYear } from './components/changes-since-last-year.tsx';
import { PastYearsTable } from './components/past-years-table.tsx';

/**
 * `/admin/students/:studentId/years` (row action School Years, issue 35): what she changed in her
 * registration since last year, with the values then and now, and her past years at the portal.
 * For staff who may read her whole record (decision 048); a teacher has no such row action.
 */
export default function StudentYearsPage() {
  const { studentId = '' } = useParams();
  // Past the hour's allowance of records read, her record asks for a second factor first; her
  // history is read once her changes are (the same record, counted once in the hour).
  const { guard, dialog } = useStepUp();
  const changes = useQuery({ ...getStudentChangesQueryOptions(studentId), queryFn: () => guard(() => getStudentChanges(studentId)), retry: false });
  const history = useQuery({ ...getStudentHistoryQueryOptions(studentId), enabled: changes.isSuccess });
  const student = changes.data?.student;
  return (
    <>
      <Button component={RouterLink} to="/admin/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to the students
      </Button>
      <PageTitle>School Years of {student ? displayName(student) : `student ${studentId}`}</PageTitle>
      {dialog}
      {(changes.isPending || (changes.isSuccess && history.isPending)) && <LinearProgress aria-label="Loading her school years" />}
      {(changes.error || history.error) && <Alert severity="error">Her school years could not be loaded. Please reload the page.</Alert>}
      {changes.data && (
        <Paper component="section" aria-labelledby="changed-heading" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
          <Typography id="changed-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
            Changed since last year
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Student {changes.data.student.id}
            {changes.data.student.class_id ? ` · Class ${changes.data.student.class_id}` : ''} · {changes.data.label}
          </Typography>
          <ChangesSinceLastYear changes={changes.data} />
        </Paper>
      )}
      {history.data && (
        <Paper component="section" aria-labelledby="past-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography id="past-heading" variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
            Past years
          </Typography>
          <PastYearsTable history={history.data} />
        </Paper>
      )}
    </>
  );
}
