import { birthDateRange, isFieldRequired, type FieldDef, type FieldValue } from '@school/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { acceptDigitKeys, pasteDigits, PhoneField } from '../../../components/phone-field.tsx';
import { SaveIndicator } from '../../../components/save-indicator.tsx';
import type { Option } from '../api/get-reference-lists.ts';
import { useAutosave } from '../autosave-context.tsx';
import { fieldProblem } from '../autosave-store.ts';
import { today } from '../../../lib/format-day.ts';

type InputProps = { field: FieldDef; options?: Option[]; readOnly: boolean };

const asText = (value: FieldValue) => (value === null || value === undefined ? '' : String(value));
/** The field's DOM id; labels, tests and the save indicator name it. */
export const fieldId = (name: string) => `field-${name}`;
/** What every text-like input of a field shares: its id, label, value, required mark, lock and message. */
const textFieldProps = (field: FieldDef, draft: string, error: string | undefined | null, readOnly: boolean, required: boolean) => ({
  id: fieldId(field.name),
  label: field.label,
  value: draft,
  required,
  disabled: readOnly || Boolean(field.schoolOnly),
  error: Boolean(error),
  helperText: error ?? ' ',
});

const isLongText = (field: FieldDef) => field.kind === 'text' && (field.max ?? 0) >= 255;
/** The town list is long (about 150 names), so it is searched rather than scrolled. */
const SEARCHED_LISTS = new Set<FieldDef['list']>(['towns']);

/**
 * The state every field shares: the text being edited, the saved value behind it, the field's
 * message and save status. The draft follows the saved value (a rebase after another editor's
 * save, a reload) except while the user is typing or while it holds a value the form refused, so
 * an invalid entry stays in the field for her to correct.
 */
function useFieldDraft(field: FieldDef) {
  const { store, state } = useAutosave();
  const saved = store.value(field.name);
  const error = state.errors.get(field.name);
  const [draft, setDraftText] = useState(asText(saved));
  // The text when editing began, or null when the user is not editing the field.
  const [editingFrom, setEditingFrom] = useState<string | null>(null);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    if (editingFrom === null && !error) setDraftText(asText(saved));
  }
  return {
    saved,
    draft,
    error,
    /** Marked required when completeness needs it (a parent's name follows the living status). */
    required: isFieldRequired(field, store.current()),
    status: state.status.get(field.name),
    /** A keystroke: a shown message clears as soon as the value is good again. */
    change(value: string) {
      setDraftText(value);
      if (error) store.setError(field.name, fieldProblem(field.name, value, store.current()));
    },
    startEditing: () => setEditingFrom(draft),
    /** The user is done with the value (blur, a choice, a switch): save it if it is valid. */
    commit(value: FieldValue) {
      const from = editingFrom;
      setEditingFrom(null);
      // Focused and left unchanged while another editor's save changed it: show hers, send nothing.
      if (from !== null && !error && value === from && asText(saved) !== from) return setDraftText(asText(saved));
      if (typeof value === 'string' || value === null) setDraftText(asText(value));
      store.commit(field.name, value);
    },
  };
}

/** A field with its save indicator beside it, lined up with the input box. */
function WithIndicator({
  field,
  status,
  children,
  top = 2,
}: {
  field: FieldDef;
  status: ReturnType<typeof useFieldDraft>['status'];
  children: ReactNode;
  top?: number;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ pt: top, width: 20, flexShrink: 0 }}>
        <SaveIndicator status={status} label={field.label} />
      </Box>
    </Box>
  );
}

/** One field of the record, drawn by its kind, saving itself through the wizard's autosave. */
export function FieldInput({ field, options, readOnly }: InputProps) {
  switch (field.kind) {
    case 'flag':
      return field.step === 'otherData' ? <YesNoInput field={field} readOnly={readOnly} /> : <SwitchInput field={field} readOnly={readOnly} />;
    case 'phone':
      return <PhoneInput field={field} readOnly={readOnly} />;
    case 'date':
      return <DateInput field={field} readOnly={readOnly} />;
    case 'choice':
      return <SelectInput field={field} options={(field.options ?? []).map((option) => ({ value: option, label: option }))} readOnly={readOnly} />;
    case 'reference':
      return SEARCHED_LISTS.has(field.list) ? (
        <SearchInput field={field} options={options} readOnly={readOnly} />
      ) : (
        <SelectInput field={field} options={options} readOnly={readOnly} />
      );
    default:
      return <TextInput field={field} readOnly={readOnly} />;
  }
}

/** Text, e-mail and family numbers (two digits); saved when the field loses focus. */
function TextInput({ field, readOnly }: InputProps) {
  const { draft, error, required, status, change, startEditing, commit } = useFieldDraft(field);
  const digits = field.kind === 'count';
  const long = isLongText(field);
  return (
    <WithIndicator field={field} status={status}>
      <TextField
        {...textFieldProps(field, draft, error, readOnly, required)}
        fullWidth
        type={field.kind === 'email' ? 'email' : 'text'}
        multiline={long}
        minRows={long ? 2 : undefined}
        onFocus={startEditing}
        onChange={(event) => change(event.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={digits ? acceptDigitKeys : undefined}
        slotProps={{
          htmlInput: {
            maxLength: digits ? 2 : field.max,
            inputMode: digits ? 'numeric' : field.kind === 'email' ? 'email' : undefined,
            autoComplete: 'off',
            onPaste: digits ? (event: ClipboardEvent<HTMLInputElement>) => pasteDigits(event, 2, change) : undefined,
          },
        }}
      />
    </WithIndicator>
  );
}

/** A phone number after the fixed 1868 prefix. */
function PhoneInput({ field, readOnly }: InputProps) {
  const { draft, error, required, status, change, startEditing, commit } = useFieldDraft(field);
  return (
    <WithIndicator field={field} status={status}>
      <PhoneField {...textFieldProps(field, draft, error, readOnly, required)} onFocus={startEditing} onChange={change} onBlur={() => commit(draft)} />
    </WithIndicator>
  );
}

/** A fixed list of options or a short reference list; saved as soon as one is chosen. */
function SelectInput({ field, options, readOnly }: InputProps) {
  const { draft, error, required, status, commit } = useFieldDraft(field);
  const choices = [...(options ?? [])];
  // A saved value not (yet) in the list still shows, so nothing is lost while lists load.
  if (draft && !choices.some((choice) => choice.value === draft)) choices.push({ value: draft, label: draft });
  return (
    <WithIndicator field={field} status={status}>
      <TextField
        {...textFieldProps(field, draft, error, readOnly, required)}
        select
        fullWidth
        onChange={(event) => commit(event.target.value)}
        // The menu takes focus while open; leaving the closed select empty is what counts.
        onBlur={() => required && !draft && commit(draft)}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        {!required && (
          <MenuItem value="">
            <em>Not stated</em>
          </MenuItem>
        )}
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    </WithIndicator>
  );
}

/** A long reference list (towns): type to narrow it down, choose one; saved when chosen. */
function SearchInput({ field, options, readOnly }: InputProps) {
  const { draft, error, required, status, commit } = useFieldDraft(field);
  const names = (options ?? []).map((option) => option.value);
  if (draft && !names.includes(draft)) names.push(draft);
  const labels = new Map((options ?? []).map((option) => [option.value, option.label]));
  return (
    <WithIndicator field={field} status={status}>
      <Autocomplete
        id={fieldId(field.name)}
        options={names}
        value={draft || null}
        getOptionLabel={(value) => labels.get(value) ?? value}
        autoHighlight
        disabled={readOnly || field.schoolOnly}
        onChange={(_, value) => commit(value ?? '')}
        onBlur={() => required && !draft && commit('')}
        renderInput={(params) => <TextField {...params} label={field.label} required={required} error={Boolean(error)} helperText={error ?? ' '} />}
      />
    </WithIndicator>
  );
}

/** What a date field refused as unfinished (a day typed only in part) is committed as: the contract refuses it with its date message, so nothing is sent. */
const UNFINISHED_DATE = 'invalid date';

/** The days a date field offers, by its rule (decision 027), as the native input's `min` and `max`. */
function dateRange(field: FieldDef): { min: string; max: string | undefined } {
  if (field.dates === 'birth') {
    const { earliest, latest } = birthDateRange();
    return { min: earliest, max: latest };
  }
  return { min: '1900-01-01', max: field.dates === 'any' ? '2100-12-31' : today() };
}

/**
 * A date (birth, permit issue and expiry) in the browser's own date input (decision 006): the
 * phone's date wheel or calendar, which offers only the days its rule allows; the value is
 * yyyy-MM-dd. It saves when the field is left, and only a whole date: a date typed in part is
 * refused with the date message and not sent.
 */
function DateInput({ field, readOnly }: InputProps) {
  const { draft, error, required, status, change, startEditing, commit } = useFieldDraft(field);
  const range = dateRange(field);
  return (
    <WithIndicator field={field} status={status}>
      <TextField
        {...textFieldProps(field, draft, error, readOnly, required)}
        fullWidth
        type="date"
        onFocus={startEditing}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => commit((event.target as HTMLInputElement).validity.badInput ? UNFINISHED_DATE : draft)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.min, max: range.max } }}
      />
    </WithIndicator>
  );
}

/** A yes/no question of the health step or the immigration permit, as a switch; saved when turned. */
function SwitchInput({ field, readOnly }: InputProps) {
  const { saved, status, commit } = useFieldDraft(field);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 42 }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            id={fieldId(field.name)}
            checked={saved === 1}
            disabled={readOnly || field.schoolOnly}
            onChange={(event) => commit(event.target.checked ? 1 : 0)}
          />
        }
        label={field.label}
      />
      <SaveIndicator status={status} label={field.label} />
    </Box>
  );
}

/** A yes/no flag of the other-data step, answered Yes or No; saved when answered. */
function YesNoInput({ field, readOnly }: InputProps) {
  const { saved, status, commit } = useFieldDraft(field);
  const labelId = `${fieldId(field.name)}-label`;
  return (
    <FormControl disabled={readOnly || field.schoolOnly} sx={{ display: 'flex', mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <FormLabel id={labelId}>{field.label}</FormLabel>
        <SaveIndicator status={status} label={field.label} />
      </Box>
      <RadioGroup
        row
        id={fieldId(field.name)}
        aria-labelledby={labelId}
        value={saved === 1 ? '1' : '0'}
        onChange={(event) => commit(Number(event.target.value))}
      >
        <FormControlLabel value="1" control={<Radio />} label="Yes" />
        <FormControlLabel value="0" control={<Radio />} label="No" />
      </RadioGroup>
    </FormControl>
  );
}
