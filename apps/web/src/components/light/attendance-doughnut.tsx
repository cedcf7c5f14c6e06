import './light-screens.css';
import './attendance.css';

export type DoughnutPart = { label: string; value: number; color: string };

const SIZE = 180;
/** The ring's middle line and width: its inner edge at 80 % of the outer radius (SPEC §2's cutout). */
const RADIUS = SIZE * 0.45;
const WIDTH = SIZE * 0.1;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The gap between two parts, along the ring. */
const GAP = 2;

/**
 * The ring, drawn as SVG circles, each part a dash of its share of the circumference from twelve
 * o'clock clockwise. A chart library would add some 90 KB of script to a phone's screen for it.
 */
function Ring({ parts }: { parts: DoughnutPart[] }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const shown = parts.filter((part) => part.value > 0);
  const gap = shown.length > 1 ? GAP : 0;
  let start = 0;
  return (
    <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`}>
      <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`} fill="none" strokeWidth={WIDTH}>
        {shown.map((part) => {
          const length = (part.value / total) * CIRCUMFERENCE;
          const dash = (
            <circle
              key={part.label}
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={RADIUS}
              stroke={part.color}
              strokeDasharray={`${Math.max(length - gap, 0)} ${CIRCUMFERENCE}`}
              strokeDashoffset={-start}
            />
          );
          start += length;
          return dash;
        })}
      </g>
    </svg>
  );
}

/**
 * One of the screen's two doughnuts (SPEC §2, cutout 80 %): the parts, the percentage in the
 * middle and a line of figures under it. The chart is drawn for the eye; its figures are all in
 * the text, which is what a screen reader reads.
 */
export function AttendanceDoughnut({
  title,
  percent,
  parts,
  figures,
  headingLevel = 2,
}: {
  title: string;
  percent: number;
  parts: DoughnutPart[];
  figures: string[];
  /** One below the screen's title: an h3 where the attendance is a part of a larger screen. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const empty = parts.every((part) => part.value === 0);
  const data = empty ? [{ value: 1, label: 'No sessions yet', color: '#e0e0e0' }] : parts;
  return (
    <figure className="light-surface attendance-doughnut" aria-label={`${title}: ${percent}%. ${figures.join(', ')}.`}>
      <Heading className="light-heading attendance-doughnut-title">{title}</Heading>
      <div aria-hidden="true" className="attendance-ring">
        <Ring parts={data} />
        <p className="attendance-percent">{percent}%</p>
      </div>
      <figcaption className="attendance-figures">
        {figures.map((figure) => (
          <span key={figure} className="light-strong">
            {figure}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
