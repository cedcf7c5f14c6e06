import { studentFields, type FieldDef, type StepKey } from '@school/contract';
import { parentsShown } from '@school/contract/field-rules';
import { memo, useMemo, useState } from 'react';
import { useDrawnInTurns } from '../../../lib/use-drawn-in-turns.ts';
import { useReferenceLists } from '../api/get-reference-lists.ts';
import { useAutosave } from '../autosave-context.tsx';
import { FieldInput } from './field-input.tsx';

type Parent = 'mother' | 'father' | 'guardian';
const PERMIT_SECTION = 'Section 7: Immigration Permit Dates';
const FAMILY_SECTIONS = new Set(['Family', 'Emergency Contact']);
/** A line under a section heading where the section needs explaining. */
const SECTION_NOTES: Record<string, string> = {
  'Living Status': 'The parent or guardian sections below follow from this choice.',
  'Immigration Permit': 'Turn this on if the student holds an immigration permit, to give its dates.',
};
/** About a phone screen of fields: the sections that hold them draw first, the rest just after. */
const FIRST_PAINT_FIELDS = 6;
/** A field given the whole row: a long text, or a switch alone in its section (its sentence on one line). */
const isWide = (field: FieldDef, sectionFields: FieldDef[]) =>
  (field.kind === 'text' && (field.max ?? 0) >= 255) || (field.kind === 'flag' && sectionFields.length === 1);
/** An id usable in aria-labelledby (which splits on spaces). */
const sectionId = (title: string) => `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Sections of one step in the contract's order. */
function sectionsOf(step: StepKey): Array<[string, FieldDef[]]> {
  const sections = new Map<string, FieldDef[]>();
  for (const field of studentFields.filter((candidate) => candidate.step === step)) {
    sections.set(field.section, [...(sections.get(field.section) ?? []), field]);
  }
  return [...sections];
}

/** How many of `sections` hold about a screen of fields: those draw first. */
function firstScreen(sections: Array<[string, FieldDef[]]>): number {
  let fields = 0;
  const count = sections.findIndex(([, sectionFields]) => (fields += sectionFields.length) >= FIRST_PAINT_FIELDS);
  return count < 0 ? sections.length : count + 1;
}

/**
 * The fields of one step, grouped as the spec groups them. The living status decides the parent
 * sections (a section whose name was already filled shows at first too); the immigration permit
 * switch shows section 7.
 */
export function StepForm({ step, readOnly }: { step: StepKey; readOnly: boolean }) {
  const { store, state } = useAutosave();
  const lists = useReferenceLists();
  const sections = useMemo(() => sectionsOf(step), [step]);
  const livingStatus = store.value('living_status');
  // Sections with an existing name show initially, until the living status is changed.
  const [initial] = useState(() => ({
    status: livingStatus,
    named: (['mother', 'father', 'guardian'] as const).filter((parent) => Boolean(state.record[`${parent}_name`])),
  }));
  const shownParents = new Set<Parent>(parentsShown(livingStatus));
  if (livingStatus === initial.status) initial.named.forEach((parent) => shownParents.add(parent));
  const permit = store.value('immigration_permit') === 1;
  const visible = (title: string, fields: FieldDef[]) => {
    const parent = fields[0]?.parent;
    if (parent) return shownParents.has(parent);
    if (FAMILY_SECTIONS.has(title)) return shownParents.size > 0;
    if (title === PERMIT_SECTION) return permit;
    return true;
  };

  const shown = sections.filter(([title, fields]) => visible(title, fields));
  // A phone draws the top of the step at once and the sections below it one at a time just after
  // (issue 38, issue 54).
  const [first] = useState(() => firstScreen(shown));
  const drawn = useDrawnInTurns(shown.length, first);

  return (
    <div className="lf-stack" data-drawn={drawn === Number.POSITIVE_INFINITY ? 'all' : 'first'}>
      {shown.slice(0, drawn).map(([title, fields]) => (
        <StepSection key={title} title={title} fields={fields} lists={lists} readOnly={readOnly} />
      ))}
    </div>
  );
}

type SectionProps = { title: string; fields: FieldDef[]; lists: ReturnType<typeof useReferenceLists>; readOnly: boolean };

/**
 * One section of a step. It draws again only when what it is given changes (the lists arriving,
 * the step becoming read-only): a section drawn in a later turn, or a change to the living status,
 * leaves the sections already drawn as they are, and each field follows its own value (issue 54).
 */
const StepSection = memo(function StepSection({ title, fields, lists, readOnly }: SectionProps) {
  const allFlags = fields.length > 1 && fields.every((field) => field.kind === 'flag');
  return (
    <section className="lf-card" aria-labelledby={sectionId(title)}>
      <h2 id={sectionId(title)} className={SECTION_NOTES[title] ? 'lf-noted' : undefined}>
        {title}
      </h2>
      {SECTION_NOTES[title] && <p className="lf-secondary">{SECTION_NOTES[title]}</p>}
      <div className={allFlags ? 'lf-grid lf-grid-flags' : 'lf-grid'}>
        {fields.map((field) => (
          <div key={field.name} className={isWide(field, fields) ? 'lf-wide' : undefined}>
            <FieldInput field={field} options={field.list ? lists[field.list] : undefined} readOnly={readOnly} />
          </div>
        ))}
      </div>
    </section>
  );
});
