import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { studentImportColumns, type StudentImportField } from '@school/contract/responses';

export type ColumnMapping = Partial<Record<StudentImportField, string>>;

/** Headers compared as the server compares them: without regard to case, spaces or punctuation. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Other headers the server takes for a column (decision 025). */
const knownAliases: Partial<Record<StudentImportField, string[]>> = {
  id: ['ID', 'Student No', 'Student Number'],
  middle_name: ['Other Name', 'Middle Names'],
  date_of_birth: ['DOB', 'Birth Date'],
  class_id: ['Class ID', 'Form Class'],
  house_code: ['House Code'],
  birth_certificate_no: ['Birth Certificate No', 'Birth Certificate Number', 'Birth PIN'],
};

const namesOf = (field: StudentImportField, header: string) => [header, field, ...(knownAliases[field] ?? [])].map(headerKey);

/** The expected columns the file's headers do not name (before any mapping). */
export function unmatchedColumns(headers: string[]): StudentImportField[] {
  const found = new Set(headers.map(headerKey));
  return studentImportColumns.filter((column) => !namesOf(column.field, column.header).some((name) => found.has(name))).map((column) => column.field);
}

/** The file's headers that name none of the expected columns: the candidates of a mapping. */
export function unusedHeaders(headers: string[]): string[] {
  const known = new Set(studentImportColumns.flatMap((column) => namesOf(column.field, column.header)));
  return headers.filter((header) => header.trim() !== '' && !known.has(headerKey(header)));
}

/**
 * The mapping step, shown only when the file's headers differ from the template's: for each
 * column not found, the admin picks which of the file's headers holds it (or none).
 */
export function ColumnMappingStep({
  headers,
  missing,
  mapping,
  onChange,
}: {
  headers: string[];
  missing: StudentImportField[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="column-mapping-title">
      <Typography id="column-mapping-title" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        Match the columns
      </Typography>
      <Typography color="text.secondary">
        The file&apos;s headers differ from the template&apos;s. Choose which column of the file holds each of these, then check the file again.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {studentImportColumns
          .filter((column) => missing.includes(column.field))
          .map((column) => (
            <TextField
              key={column.field}
              select
              size="small"
              label={column.header}
              value={mapping[column.field] ?? ''}
              onChange={(event) => onChange({ ...mapping, [column.field]: event.target.value || undefined })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Not in the file</MenuItem>
              {headers
                .filter((header) => header !== '')
                .map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
            </TextField>
          ))}
      </Stack>
    </Stack>
  );
}
