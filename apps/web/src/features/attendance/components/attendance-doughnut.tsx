import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';

export type DoughnutPart = { label: string; value: number; color: string };

/**
 * One of the screen's two doughnuts (SPEC §2, cutout 80 %): the parts, the percentage in the
 * middle and a line of figures under it. The chart is drawn for the eye; its figures are all in
 * the text, which is what a screen reader reads.
 */
export function AttendanceDoughnut({ title, percent, parts, figures }: { title: string; percent: number; parts: DoughnutPart[]; figures: string[] }) {
  const empty = parts.every((part) => part.value === 0);
  const data = empty ? [{ id: 'none', value: 1, label: 'No sessions yet', color: '#e0e0e0' }] : parts.map((part) => ({ id: part.label, ...part }));
  return (
    <Paper
      component="figure"
      aria-label={`${title}: ${percent}%. ${figures.join(', ')}.`}
      sx={{ m: 0, p: 2, flex: '1 1 260px', maxWidth: { sm: 360 }, textAlign: 'center' }}
    >
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box aria-hidden sx={{ position: 'relative', width: 180, height: 180, mx: 'auto' }}>
        <PieChart
          width={180}
          height={180}
          margin={0}
          hideLegend
          skipAnimation
          disableKeyboardNavigation
          series={[{ data, innerRadius: '80%', outerRadius: '100%', paddingAngle: empty ? 0 : 1 }]}
          slotProps={{ tooltip: { trigger: 'none' } }}
        />
        <Typography
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: '1.9rem',
            fontWeight: 700,
            pointerEvents: 'none',
          }}
        >
          {percent}%
        </Typography>
      </Box>
      <Box component="figcaption" sx={{ mt: 1.5, display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {figures.map((figure) => (
          <Typography key={figure} sx={{ fontWeight: 600 }}>
            {figure}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}
