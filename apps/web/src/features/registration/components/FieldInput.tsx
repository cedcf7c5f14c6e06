import { messages, todayIso, type FieldDef, type FieldValue } from '@school/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Option } from '../api/reference-lists.ts';
import { useAutosave } from '../autosave-context.tsx';
import { SaveIndicator } from './SaveIndicator.tsx';

const digitsOnly = new Set(['phone', 'count']);
/** Only digit keypresses reach a phone or family-number field (SPEC §5); editing keys still work. */
function acceptDigitsOnly(event: KeyboardEvent) {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) event.preventDefault();
}

const asText = (value: FieldValue) => (value === null || value === undefined ? '' : String(value));

/** One field of the record, drawn by its kind, saving itself through the wizard's autosave. */
export function FieldInput({ field, options, readOnly }: { field: FieldDef; options?: Option[]; readOnly: boolean }) {
  const { store, state } = useAutosave();
  const saved = store.value(field.name);
  const [draft, setDraft] = useState(asText(saved));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(asText(saved));
  }, [saved, focused]);

  const error = state.errors.get(field.name);
  const status = state.status.get(field.name);
  const disabled = readOnly || Boolean(field.schoolOnly);
  const id = `field-${field.name}`;

  if (field.kind === 'flag') {
    return (
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={<Switch id={id} checked={saved === 1} disabled={disabled} onChange={(event) => store.commit(field.name, event.target.checked ? 1 : 0)} />}
          label={field.label}
        />
        <SaveIndicator status={status} label={field.label} />
      </Stack>
    );
  }

  const commitText = () => {
    setFocused(false);
    if (field.required && draft.trim() === '') return store.setError(field.name, messages.required);
    store.commit(field.name, draft);
  };

  const common = {
    id,
    label: field.label,
    value: draft,
    fullWidth: true,
    required: field.required,
    error: Boolean(error),
    helperText: error ?? ' ',
    disabled,
    onFocus: () => setFocused(true),
  };
  const adornment = <InputAdornment position="end"><SaveIndicator status={status} label={field.label} /></InputAdornment>;

  if (field.kind === 'choice' || field.kind === 'reference') {
    const choices: Option[] = field.kind === 'choice' ? (field.options ?? []).map((option) => ({ value: option, label: option })) : (options ?? []);
    // A saved value not (yet) in the list still shows, so nothing is lost while lists load.
    if (draft && !choices.some((choice) => choice.value === draft)) choices.push({ value: draft, label: draft });
    return (
      <TextField
        {...common}
        select
        onChange={(event) => {
          setDraft(event.target.value);
          store.commit(field.name, event.target.value);
        }}
        onBlur={() => setFocused(false)}
        slotProps={{ input: { endAdornment: adornment }, select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        <MenuItem value="">
          <em>Not stated</em>
        </MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (field.kind === 'date') {
    return (
      <TextField
        {...common}
        type="date"
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value === '' || /^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) store.commit(field.name, event.target.value);
        }}
        onBlur={commitText}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso(), min: '1950-01-01' }, input: { endAdornment: adornment } }}
      />
    );
  }

  const isDigits = digitsOnly.has(field.kind);
  const multiline = field.kind === 'text' && (field.max ?? 0) >= 255;
  return (
    <TextField
      {...common}
      type={field.kind === 'email' ? 'email' : 'text'}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onChange={(event) => setDraft(isDigits ? event.target.value.replace(/\D/g, '') : event.target.value)}
      onBlur={commitText}
      onKeyDown={isDigits ? acceptDigitsOnly : undefined}
      slotProps={{
        htmlInput: {
          maxLength: field.kind === 'phone' ? 7 : field.kind === 'count' ? 2 : field.max,
          inputMode: isDigits ? 'numeric' : field.kind === 'email' ? 'email' : undefined,
          autoComplete: 'off',
        },
        input: {
          startAdornment: field.kind === 'phone' ? <InputAdornment position="start">1868</InputAdornment> : undefined,
          endAdornment: adornment,
        },
      }}
    />
  );
}
