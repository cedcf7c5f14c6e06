import type { FieldDef } from '@school/contract';
import { birthDateRange, type FieldValue } from '@school/contract/field-rules';
import { phoneDigits, phonePrefix } from '@school/contract/limits';
import { useState, type ClipboardEvent } from 'react';
import { LightDateInput } from '../../../components/light/light-date-input.tsx';
import { LightFormField } from '../../../components/light/light-form.tsx';
import { acceptDigitKeys, pasteDigits } from '../../../components/light/light-form-digits.ts';
import { LightRadioGroup } from '../../../components/light/light-radio.tsx';
import { LightSelect } from '../../../components/light/light-select.tsx';
import { LightSwitch } from '../../../components/light/light-switch.tsx';
import { KEPT_ON_DEVICE, SaveIndicator } from '../../../components/light/save-indicator.tsx';
import type { Option } from '../api/get-reference-lists.ts';
import { useAutosaveField } from '../autosave-context.tsx';
import { fieldProblem } from '../autosave-store.ts';
import { today } from '../../../lib/format-day.ts';

type InputProps = { field: FieldDef; options?: Option[]; readOnly: boolean };

const asText = (value: FieldValue) => (value === null || value === undefined ? '' : String(value));
/** The field's DOM id; labels, tests and the save indicator name it. */
export const fieldId = (name: string) => `field-${name}`;
/** What every field's frame shares: its id, label, required mark, lock, message and save mark. */
const frameProps = (
  field: FieldDef,
  { error, required, status }: Pick<ReturnType<typeof useFieldDraft>, 'error' | 'required' | 'status'>,
  readOnly: boolean,
) => ({
  id: fieldId(field.name),
  label: field.label,
  required,
  disabled: readOnly || Boolean(field.schoolOnly),
  error: Boolean(error),
  helperText: error ?? (status === 'kept' ? KEPT_ON_DEVICE : ' '),
  aside: <SaveIndicator status={status} label={field.label} />,
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
  const { store, shown } = useAutosaveField(field.name);
  const { saved, error, required, status } = shown;
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
    required,
    status,
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

/** One field of the record, drawn by its kind, saving itself through the wizard's autosave. */
export function FieldInput({ field, options, readOnly }: InputProps) {
  switch (field.kind) {
    case 'flag':
      return field.step === 'otherData' ? <YesNoInput field={field} readOnly={readOnly} /> : <SwitchInput field={field} readOnly={readOnly} />;
    case 'date':
      return <DateInput field={field} readOnly={readOnly} />;
    case 'choice':
      return <SelectInput field={field} options={(field.options ?? []).map((option) => ({ value: option, label: option }))} readOnly={readOnly} />;
    case 'reference':
      return <SelectInput field={field} options={options} readOnly={readOnly} />;
    default:
      return <TextInput field={field} readOnly={readOnly} />;
  }
}

/** How a text-like field's input behaves by its kind: its type, keypad, longest entry and digits-only keys. */
function textKind(field: FieldDef) {
  const digits = field.kind === 'count' || field.kind === 'phone';
  const maxLength = field.kind === 'count' ? 2 : field.kind === 'phone' ? phoneDigits : field.max;
  return {
    type: field.kind === 'email' ? 'email' : 'text',
    inputMode: digits ? ('numeric' as const) : field.kind === 'email' ? ('email' as const) : undefined,
    maxLength,
    digits,
    prefix: field.kind === 'phone' ? phonePrefix : undefined,
  };
}

/**
 * Text, e-mail, family numbers (two digits) and phone numbers (seven digits after the fixed 1868);
 * only digit keys reach a number. Saved when the field loses focus.
 */
function TextInput({ field, readOnly }: InputProps) {
  const draftState = useFieldDraft(field);
  const { draft, change, startEditing, commit } = draftState;
  const { type, inputMode, maxLength, digits, prefix } = textKind(field);
  const frame = frameProps(field, draftState, readOnly);
  const shared = {
    value: draft,
    maxLength,
    required: draftState.required,
    disabled: frame.disabled,
    autoComplete: 'off',
    onFocus: startEditing,
    onBlur: () => commit(draft),
  };
  return (
    <LightFormField {...frame} prefix={prefix}>
      {(control) =>
        isLongText(field) ? (
          <textarea {...control} {...shared} rows={2} onChange={(event) => change(event.target.value)} />
        ) : (
          <input
            {...control}
            {...shared}
            type={type}
            inputMode={inputMode}
            onChange={(event) => change(event.target.value)}
            onKeyDown={digits ? acceptDigitKeys : undefined}
            onPaste={digits ? (event: ClipboardEvent<HTMLInputElement>) => pasteDigits(event, maxLength ?? 2, change) : undefined}
          />
        )
      }
    </LightFormField>
  );
}

/**
 * A fixed list of options or a reference list; saved as soon as one is chosen. The town list is
 * long (about 150 names), so it is searched rather than scrolled.
 */
function SelectInput({ field, options, readOnly }: InputProps) {
  const draftState = useFieldDraft(field);
  const { draft, required, commit } = draftState;
  const choices = [...(options ?? [])];
  // A saved value not (yet) in the list still shows, so nothing is lost while lists load.
  if (draft && !choices.some((choice) => choice.value === draft)) choices.push({ value: draft, label: draft });
  const searchable = SEARCHED_LISTS.has(field.list);
  return (
    <LightSelect
      {...frameProps(field, draftState, readOnly)}
      value={draft}
      options={choices}
      searchable={searchable}
      emptyLabel={required || searchable ? undefined : 'Not stated'}
      onChange={commit}
      // Leaving a required select empty is what counts (its message then shows).
      onLeave={() => required && !draft && commit(searchable ? '' : draft)}
    />
  );
}

/** The days a date field offers, by its rule (decision 027), as its calendar's `min` and `max`. */
function dateRange(field: FieldDef): { min: string; max: string | undefined } {
  if (field.dates === 'birth') {
    const { earliest, latest } = birthDateRange();
    return { min: earliest, max: latest };
  }
  return { min: '1900-01-01', max: field.dates === 'any' ? '2100-12-31' : today() };
}

/**
 * A date (birth, permit issue and expiry), typed as yyyy-MM-dd on the number keypad or picked in
 * the browser's own calendar (the phone's date wheel), which offers only the days its rule allows,
 * and shown as yyyy-MM-dd whatever the browser's locale. A typed date saves when the field is left,
 * a picked one at once; a date typed only in part is refused with the date message and not sent.
 */
function DateInput({ field, readOnly }: InputProps) {
  const draftState = useFieldDraft(field);
  const { draft, change, startEditing, commit } = draftState;
  const frame = frameProps(field, draftState, readOnly);
  const range = dateRange(field);
  return (
    <LightFormField {...frame}>
      {(control) => (
        <LightDateInput
          control={control}
          label={field.label}
          value={draft}
          min={range.min}
          max={range.max}
          required={draftState.required}
          disabled={frame.disabled}
          onFocus={startEditing}
          onType={change}
          onPick={commit}
          // A day typed only in part is committed as typed, and stays shown: the contract refuses it with its date message, so nothing is sent.
          onBlur={() => commit(draft)}
        />
      )}
    </LightFormField>
  );
}

/** A yes/no question of the health step or the immigration permit, as a switch; saved when turned. */
function SwitchInput({ field, readOnly }: InputProps) {
  const { saved, status, commit } = useFieldDraft(field);
  return (
    <div className="lf-row" style={{ gap: 4, flexWrap: 'nowrap' }}>
      <LightSwitch
        id={fieldId(field.name)}
        label={field.label}
        checked={saved === 1}
        disabled={readOnly || field.schoolOnly}
        onCheckedChange={(checked) => commit(checked ? 1 : 0)}
      />
      <SaveIndicator status={status} label={field.label} />
    </div>
  );
}

const yesNo = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/** A yes/no flag of the other-data step, answered Yes or No; saved when answered. */
function YesNoInput({ field, readOnly }: InputProps) {
  const { saved, status, commit } = useFieldDraft(field);
  return (
    <LightRadioGroup
      id={fieldId(field.name)}
      label={field.label}
      value={saved === 1 ? '1' : '0'}
      options={yesNo}
      disabled={readOnly || field.schoolOnly}
      onChange={(value) => commit(Number(value))}
      aside={<SaveIndicator status={status} label={field.label} />}
    />
  );
}
