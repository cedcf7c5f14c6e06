import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { conditionLabel } from '@school/contract/responses';
import { useReadableClasses } from '../../api/get-form-classes.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { useHealthAlerts } from './api/get-health-alerts.ts';

/**
 * `/admin/health-alerts` (decision 048): for one class, each student's health conditions and
 * learning challenges that are on, her allergies and her emergency contact — what a form teacher
 * needs, and nothing else of the record. A teacher chooses among her own classes.
 */
export default function HealthAlertsPage() {
  const { classes } = useReadableClasses();
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = chosen ?? classes[0]?.id ?? '';
  const { data, error, isPending } = useHealthAlerts(classId);
  return (
    <>
      <PageTitle>Health Alerts</PageTitle>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <TextField select label="Class" value={classId} onChange={(event) => setChosen(event.target.value)} size="small" sx={{ minWidth: 160, mb: 2 }}>
          {classes.map((formClass) => (
            <MenuItem key={formClass.id} value={formClass.id}>
              Form {formClass.form_level} – {formClass.id}
            </MenuItem>
          ))}
        </TextField>
        {classId === '' && !isPending && <Alert severity="info">No class is assigned to you yet.</Alert>}
        {error && <Alert severity="error">The health alerts could not be loaded.</Alert>}
        {data && data.length === 0 && <Typography color="text.secondary">This class has no students.</Typography>}
        {data && data.length > 0 && (
          <Table size="small" aria-label={`Health alerts of class ${classId}`} sx={cardsOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell>Conditions</TableCell>
                <TableCell>Allergies</TableCell>
                <TableCell>Emergency contact</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((student) => (
                <TableRow key={student.id}>
                  <TableCell data-label="Student">
                    {[student.first_name, student.last_name].filter(Boolean).join(' ')}
                    <Typography variant="body2" color="text.secondary">
                      {student.id}
                    </Typography>
                  </TableCell>
                  <TableCell data-label="Conditions">{student.conditions.map(conditionLabel).join(', ') || 'None'}</TableCell>
                  <TableCell data-label="Allergies">{student.allergy ?? 'None'}</TableCell>
                  <TableCell data-label="Emergency contact">
                    {[student.emergency_contact, student.emergency_home_phone].filter(Boolean).join(' · ') || 'Not given'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </>
  );
}
