import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A plain page naming a screen that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Paper sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This screen is not available in the portal yet.</Typography>
    </Paper>
  );
}
