import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { importHeaderKey, studentImportColumns, type StudentImportField } from '@school/contract/responses';

export type ColumnMapping = Partial<Record<StudentImportField, string>>;

/** The headers the server takes for a column: its template header, its field name and its aliases. */
const namesOf = ({ field, header, aliases }: (typeof studentImportColumns)[number]) => [header, field, ...aliases].map(importHeaderKey);

/** The expected columns the file's headers do not name (before any mapping). */
export function unmatchedColumns(headers: string[]): StudentImportField[] {
  const found = new Set(headers.map(importHeaderKey));
  return studentImportColumns.filter((column) => !namesOf(column).some((name) => found.has(name))).map((column) => column.field);
}

/** The file's headers that name none of the expected columns: the candidates of a mapping. */
export function unusedHeaders(headers: string[]): string[] {
  const known = new Set(studentImportColumns.flatMap((column) => namesOf(column)));
  return headers.filter((header) => header.trim() !== '' && !known.has(importHeaderKey(header)));
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
