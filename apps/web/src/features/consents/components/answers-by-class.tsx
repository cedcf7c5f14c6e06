import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { consentAnswerWords, consentStudentStateLabels, type ConsentStudentState } from '@school/contract/consents';
import { listName } from '@school/contract/names';
import type { ConsentAnswers, ConsentCounts } from '@school/contract/responses';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { relationshipLabels } from '../../../lib/relationship-labels.ts';

type ClassAnswers = ConsentAnswers['classes'][number];
type StudentAnswers = ClassAnswers['students'][number];

/** A class's (or the form's) counts in one line. */
export const countsLine = (counts: ConsentCounts): string =>
  [
    `${counts.students} ${counts.students === 1 ? 'student' : 'students'}`,
    `${counts.agreed} agreed`,
    `${counts.not_agreed} did not agree`,
    `${counts.no_answer} not answered`,
    `${counts.no_account} without a parent account`,
  ].join(' · ');

/** Where a student stands, in words and in a colour that reads on white. */
const stateColour: Record<ConsentStudentState, string> = {
  agreed: 'success.dark',
  not_agreed: 'error.dark',
  no_answer: 'text.primary',
  no_account: 'text.secondary',
};

/**
 * A student's rows: one per parent or guardian who may answer for her (with `onlyWaiting`, those who
 * have not answered), or one saying nobody may, for a student with no parent account linked.
 */
const rowsOf = (student: StudentAnswers, onlyWaiting: boolean): Array<StudentAnswers['guardians'][number] | null> => {
  if (student.guardians.length === 0) return [null];
  return onlyWaiting ? student.guardians.filter((guardian) => !guardian.answer) : student.guardians;
};

/**
 * A class of a form's answers (decision 067): each student, each parent or guardian who may answer
 * for her and her answer, signed name, time and the text version; `onlyWaiting` keeps those who
 * have not answered, and the students nobody may answer for. The class's CSV and PDF are one click away.
 */
export function ClassAnswersTable({
  lines,
  version,
  timeZone,
  onlyWaiting,
  onDownload,
  onPrint,
}: {
  lines: ClassAnswers;
  version: number;
  timeZone: string;
  onlyWaiting: boolean;
  onDownload: () => void;
  onPrint: () => void;
}) {
  const students = lines.students.filter((student) => rowsOf(student, onlyWaiting).length > 0);
  return (
    <Box component="section" aria-labelledby={`class-${lines.class_id}`} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={`class-${lines.class_id}`} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Class {lines.class_id}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={onDownload} aria-label={`Download class ${lines.class_id} as CSV`}>
          CSV
        </Button>
        <Button size="small" variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={onPrint} aria-label={`Print class ${lines.class_id} (PDF)`}>
          PDF
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {countsLine(lines.counts)}
      </Typography>
      {students.length === 0 ? (
        <Typography role="status">{onlyWaiting ? 'Everyone in this class has answered.' : 'This class has no students.'}</Typography>
      ) : (
        <Table size="small" aria-label={`Answers of class ${lines.class_id}`} sx={cardsOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Student</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Parent or guardian</TableCell>
              <TableCell>Answer</TableCell>
              <TableCell>Signed as</TableCell>
              <TableCell>When</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {students.map((student) => {
              return rowsOf(student, onlyWaiting).map((guardian, index) => (
                <TableRow key={`${student.student_id}-${index}`} data-student={student.student_id}>
                  <TableCell data-label="Student" sx={{ fontWeight: index === 0 ? 600 : undefined }}>
                    {index === 0 ? (
                      <>
                        {listName(student) || student.student_id}
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {student.student_id}
                        </Typography>
                      </>
                    ) : (
                      <Typography variant="body2" color="text.secondary" component="span">
                        {listName(student)}, another guardian
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell data-label="State">
                    <Typography component="span" sx={{ color: stateColour[student.state], fontWeight: 600 }}>
                      {consentStudentStateLabels[student.state]}
                    </Typography>
                  </TableCell>
                  <TableCell data-label="Parent or guardian">
                    {guardian ? `${guardian.name} (${relationshipLabels[guardian.relationship]})` : 'No parent account linked'}
                  </TableCell>
                  <TableCell data-label="Answer">
                    {guardian?.answer ? (
                      consentAnswerWords[guardian.answer]
                    ) : guardian ? (
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        Not answered
                      </Typography>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell data-label="Signed as" sx={{ overflowWrap: 'anywhere' }}>
                    {guardian?.typed_name ?? '—'}
                  </TableCell>
                  <TableCell data-label="When">
                    {guardian?.answered_at ? formatSchoolTime(guardian.answered_at, timeZone) : '—'}
                    {guardian?.version && guardian.version < version ? (
                      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                        to version {guardian.version}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ));
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
