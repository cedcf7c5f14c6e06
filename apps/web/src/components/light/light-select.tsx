import { useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { LightFormField } from './light-form.tsx';
import { LightIcon } from './light-icon.tsx';
import './light-form-controls.css';

/** One choice of a select: what is saved and what she reads. */
export type LightOption = { value: string; label: string };

type LightSelectProps = {
  id: string;
  label: string;
  value: string;
  options: LightOption[];
  /** The first choice, which empties the field (an optional field's 'Not stated'). */
  emptyLabel?: string;
  /** A long list (towns): she types to narrow it down, instead of scrolling it. */
  searchable?: boolean;
  onChange: (value: string) => void;
  /** Focus has left the field, its list closed. */
  onLeave?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  aside?: ReactNode;
};

const moveKeys: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A choice from a list, as a combobox whose list opens below it (the ARIA select pattern): a click,
 * Enter, Space or the down arrow opens it, the arrows move through it, Enter or a click chooses and
 * Escape closes it. Searchable, it is a text box whose typing narrows the list, the first match
 * ready for Enter; leaving it shows the chosen value again.
 */
export function LightSelect({
  id,
  label,
  value,
  options,
  emptyLabel,
  searchable = false,
  onChange,
  onLeave,
  required,
  disabled,
  error,
  helperText,
  aside,
}: LightSelectProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const combobox = useRef<HTMLElement>(null);
  const listId = `${id}-listbox`;
  const labelOf = (chosen: string) => options.find((option) => option.value === chosen)?.label ?? chosen;
  const all = emptyLabel === undefined ? options : [{ value: '', label: emptyLabel }, ...options];
  const shown = searchable && query ? all.filter((option) => option.label.toLowerCase().includes(query.toLowerCase())) : all;
  const optionId = (index: number) => `${id}-option-${index}`;

  const openAt = (index: number) => {
    setActive(Math.max(0, index));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery(null);
    if (refocus) combobox.current?.focus();
  };
  const choose = (option: LightOption | undefined) => {
    close(true);
    if (option && option.value !== value) onChange(option.value);
  };
  // The list takes focus while a plain select is open; leaving the whole field is what counts.
  const leave = (event: FocusEvent) => {
    if (wrapper.current?.contains(event.relatedTarget as Node | null)) return;
    close(false);
    onLeave?.();
  };
  const chosenIndex = () => shown.findIndex((option) => option.value === value);

  /** Keys on the closed select, or on the search box (whose list keeps focus in the box). */
  const onComboKey = (event: KeyboardEvent) => {
    const move = moveKeys[event.key];
    if (!open && (event.key === 'ArrowDown' || (!searchable && (event.key === 'Enter' || event.key === ' ')))) {
      event.preventDefault();
      return openAt(chosenIndex());
    }
    if (!open || !searchable) return;
    if (move) {
      event.preventDefault();
      setActive(move(active, shown.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };
  /** Keys on an option of a plain select, which holds focus while its list is open. */
  const onOptionKey = (event: KeyboardEvent, index: number) => {
    const move = moveKeys[event.key];
    if (move) {
      event.preventDefault();
      document.getElementById(optionId(move(index, shown.length - 1)))?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(shown[index]);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close(true);
    }
  };

  const list = open && (
    <ul
      id={listId}
      role="listbox"
      aria-labelledby={`${id}-label`}
      className="lf-listbox"
      ref={(element) => {
        if (!element || searchable || element.contains(document.activeElement)) return;
        (element.querySelector<HTMLElement>(`#${CSS.escape(optionId(active))}`) ?? element.querySelector<HTMLElement>('[role="option"]'))?.focus();
      }}
    >
      {shown.map((option, index) => (
        <li
          key={option.value}
          id={optionId(index)}
          role="option"
          aria-selected={option.value === value}
          tabIndex={searchable ? undefined : -1}
          data-active={searchable && index === active ? '' : undefined}
          className="lf-option"
          // A search box keeps focus while she picks with the pointer.
          onMouseDown={searchable ? (event) => event.preventDefault() : undefined}
          onClick={() => choose(option)}
          onKeyDown={searchable ? undefined : (event) => onOptionKey(event, index)}
        >
          {option.label === emptyLabel && option.value === '' ? <em>{option.label}</em> : option.label}
        </li>
      ))}
      {shown.length === 0 && <li className="lf-empty">No options</li>}
    </ul>
  );

  return (
    <div ref={wrapper} onBlur={leave}>
      <LightFormField id={id} label={label} required={required} disabled={disabled} error={error} helperText={helperText} aside={aside} boxClass="lf-select">
        {(control) => (
          <>
            {searchable ? (
              <input
                {...control}
                ref={combobox as RefObject<HTMLInputElement>}
                role="combobox"
                autoComplete="off"
                aria-autocomplete="list"
                aria-expanded={open}
                aria-controls={open ? listId : undefined}
                aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
                disabled={disabled}
                value={query ?? labelOf(value)}
                onChange={(event) => {
                  setQuery(event.target.value);
                  openAt(0);
                }}
                onClick={() => !open && openAt(chosenIndex())}
                onKeyDown={onComboKey}
              />
            ) : (
              <div
                {...control}
                ref={combobox as RefObject<HTMLDivElement>}
                role="combobox"
                tabIndex={disabled ? -1 : 0}
                aria-labelledby={`${id}-label`}
                aria-haspopup="listbox"
                aria-expanded={open}
                aria-controls={open ? listId : undefined}
                aria-disabled={disabled || undefined}
                className="lf-focus"
                onClick={() => !disabled && (open ? close(true) : openAt(chosenIndex()))}
                onKeyDown={disabled ? undefined : onComboKey}
              >
                {value ? labelOf(value) : ''}
              </div>
            )}
            {!searchable && <LightIcon name="dropDown" className="lf-arrow" />}
            {list}
          </>
        )}
      </LightFormField>
    </div>
  );
}
