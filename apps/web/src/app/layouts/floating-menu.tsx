import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavEntry } from '../navigation.ts';

const icons: Record<string, React.ReactNode> = {
  '/dashboard': <DashboardIcon />,
  '/admin/dashboard': <DashboardIcon />,
  '/term-reports': <AssessmentIcon />,
  '/registration/student-data': <EditNoteIcon />,
  '/attendance': <EventAvailableIcon />,
};

/** The floating menu of the other entries (SPEC §2), on every page but the dashboard. */
export function FloatingMenu({ entries }: { entries: NavEntry[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <SpeedDial
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
          slotProps={{ tooltip: { title: entry.label, open: true } }}
          onClick={() => {
            setOpen(false);
            navigate(entry.to);
          }}
        />
      ))}
    </SpeedDial>
  );
}
