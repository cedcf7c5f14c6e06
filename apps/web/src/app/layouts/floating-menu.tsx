import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavEntry } from '../navigation.ts';
import { MuiTheme } from '../../components/mui-theme.tsx';

const icons: Record<string, React.ReactNode> = {
  '/dashboard': <DashboardIcon />,
  '/admin/dashboard': <DashboardIcon />,
  '/term-reports': <AssessmentIcon />,
  '/registration/student-data': <EditNoteIcon />,
  '/attendance': <EventAvailableIcon />,
};

/** Below this width the page's content reaches under the button's corner. */
const CONTENT_REACHES_CORNER = '(max-width: 1279.98px)';

/** Whether the page is scrolled to its end (or too short to scroll), where the layout keeps room for the button. */
function useAtPageEnd(): boolean {
  const [atEnd, setAtEnd] = useState(true);
  useEffect(() => {
    const check = () => setAtEnd(window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 8);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(document.body);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);
  return atEnd;
}

/**
 * The floating menu of the other entries (SPEC §2), on every page but the dashboard. Where the
 * content reaches under its corner (phones, tablets) the button shows only at the end of the page,
 * in the room the layout keeps free there, so it never covers a field or its save indicator.
 */
export function FloatingMenu({ entries }: { entries: NavEntry[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(CONTENT_REACHES_CORNER);
  const atEnd = useAtPageEnd();
  const hidden = narrow && !atEnd && !open;
  return (
    <MuiTheme>
      <SpeedDial
        hidden={hidden}
        ariaLabel="Go to another page"
        icon={<SpeedDialIcon />}
        open={open}
        // Opens and closes on a click or tap only, so a hover does not undo the click that follows it.
        onOpen={(_, reason) => reason === 'toggle' && setOpen(true)}
        onClose={(_, reason) => (reason === 'toggle' || reason === 'escapeKeyDown') && setOpen(false)}
        sx={{ position: 'fixed', right: 16, bottom: { xs: 80, sm: 24 } }}
        FabProps={{ color: 'secondary', size: 'medium' }}
      >
        {entries.map((entry) => (
          <SpeedDialAction
            key={entry.to}
            icon={icons[entry.to] ?? <DashboardIcon />}
            // One line per label, so labels of neighbouring actions never run into each other.
            slotProps={{ tooltip: { title: entry.label, open: true }, staticTooltipLabel: { sx: { whiteSpace: 'nowrap' } } }}
            onClick={() => {
              setOpen(false);
              navigate(entry.to);
            }}
          />
        ))}
      </SpeedDial>
    </MuiTheme>
  );
}
