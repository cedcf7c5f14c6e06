import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { ImportPanel } from '../../components/mui/import-panel.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';

/** `/admin/attendance-import`: the card system's export in, checked first (decision 023). */
export default function AttendanceImportPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageTitle>Import Attendance</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A CSV or Excel export of the card system with the columns Student ID, Date (yyyy-MM-dd) and either Time In and Time Out (one row per student per day) or
        Time, with Direction in or out when it has one (one row per scan). Scans already in the portal are skipped, so a file can be imported again safely.
      </Typography>
      <ImportPanel
        url="/api/attendance-import"
        fields={{}}
        counts={(answer) => [
          ['Rows', Number(answer.rows ?? 0)],
          ['Scans', Number(answer.scans ?? 0)],
          ['New scans', Number(answer.new_scans ?? 0)],
          ['Already imported', Number(answer.duplicates ?? 0)],
          ['Student days updated', Number(answer.days ?? 0)],
        ]}
        onApplied={() => void queryClient.invalidateQueries({ queryKey: ['student-attendance'] })}
      />
    </>
  );
}
