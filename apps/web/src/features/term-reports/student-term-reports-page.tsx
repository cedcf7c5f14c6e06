import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from '../../lib/router/index.ts';
import { TermReportList } from '../../components/light/term-report-list.tsx';

/** `/admin/students/:studentId/term-reports`: one student's term reports for an admin, unposted ones included (SPEC §4). */
export default function StudentTermReportsPage() {
  const { studentId = '' } = useParams();
  return (
    <>
      <Button component={RouterLink} to="/admin/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to the students
      </Button>
      <TermReportList studentId={studentId} admin title={`Term Reports of student ${studentId}`} />
    </>
  );
}
