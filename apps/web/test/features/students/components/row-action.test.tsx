import EditIcon from '@mui/icons-material/Edit';
import { describe, expect, it } from 'vitest';
import { drawingOf, rowActionIcons, rowActionStyle } from '../../../../src/features/students/components/row-action.tsx';

describe('the students table’s button icons', () => {
  it('are each Material icon’s own path, as a CSS image', () => {
    const editPath = (drawingOf(EditIcon) as { props: { d: string } }).props.d;
    expect(editPath).toMatch(/^M[\d.]/);
    expect(decodeURIComponent(rowActionIcons.edit)).toContain(`<path d="${editPath}"/>`);
    for (const [name, image] of Object.entries(rowActionIcons)) {
      expect(decodeURIComponent(image), name).toMatch(/^url\("data:image\/svg\+xml,<svg [^>]*><path d="[Mm][\d.][^"]+"\/><\/svg>"\)$/);
      expect(rowActionStyle, name).toHaveProperty([`& .row-action[data-icon="${name}"]::before`, 'maskImage'], image);
    }
  });
});
