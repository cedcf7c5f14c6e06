import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getSessionQueryOptions, mirrorSession, signedOut } from '../../api/get-session.ts';
import { deleteOfflineEdits } from '../../lib/offline-edits.ts';
import { logout } from './api/logout.ts';

/** SPEC §2: a spinner; after 1 second sign out, forget her unsent changes, and return to `/`. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(async () => {
      await logout();
      // A shared phone keeps nothing of hers once she signs out, unsent changes included (decision 039).
      await deleteOfflineEdits().catch(() => undefined);
      queryClient.clear();
      queryClient.setQueryData(getSessionQueryOptions().queryKey, signedOut);
      mirrorSession(signedOut);
      navigate('/', { replace: true });
    }, 1000);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-label="Signing out" />
      <Typography>Signing out…</Typography>
    </Box>
  );
}
