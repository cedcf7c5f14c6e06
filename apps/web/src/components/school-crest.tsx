/** The school crest, drawn for this portal: a shield in the school's blue and red with a cross, a book and a star. */
export function SchoolCrest({ size = 40, title = 'School crest' }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size * 1.15} viewBox="0 0 100 115" role="img" aria-label={title} data-testid="school-crest">
      <title>{title}</title>
      <path d="M50 3 L95 15 V55 C95 85 73 104 50 112 C27 104 5 85 5 55 V15 Z" fill="#0b2a5b" stroke="#ffffff" strokeWidth="3" />
      <path d="M50 10 L88 20 V55 C88 80 70 97 50 104 C30 97 12 80 12 55 V20 Z" fill="#0b2a5b" stroke="#c62828" strokeWidth="3" />
      <rect x="46" y="20" width="8" height="38" fill="#ffffff" />
      <rect x="33" y="29" width="34" height="8" fill="#ffffff" />
      <path d="M26 66 C36 61 44 62 50 67 C56 62 64 61 74 66 V88 C64 83 56 84 50 89 C44 84 36 83 26 88 Z" fill="#ffffff" />
      <path d="M50 67 V89" stroke="#0b2a5b" strokeWidth="2" />
      <path d="M30 44 l2.4 5 5.4 .6 -4 3.7 1.1 5.3 -4.9 -2.7 -4.9 2.7 1.1 -5.3 -4 -3.7 5.4 -.6 Z" fill="#c62828" />
      <path d="M70 44 l2.4 5 5.4 .6 -4 3.7 1.1 5.3 -4.9 -2.7 -4.9 2.7 1.1 -5.3 -4 -3.7 5.4 -.6 Z" fill="#c62828" />
    </svg>
  );
}
