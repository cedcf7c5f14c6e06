import { escapeHtml } from './message-kinds.ts';

/** The small page a parent's stop link answers: done, or a link that is not valid. Nothing about the student. */
export function stopPage(schoolName: string, stopped: boolean): string {
  const school = escapeHtml(schoolName);
  const [title, text] = stopped
    ? [
        'Absence messages stopped',
        `You will no longer receive absence and lateness messages about this student from ${school}. To receive them again, contact the school office.`,
      ]
    : [
        'This link is not valid',
        `The link may have been cut short by your e-mail program. Open it again from the message, or contact the school office of ${school}.`,
      ];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – ${school}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;color:#1c2434;max-width:36rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.5rem;color:#0d2a5c}</style></head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
</main>
</body>
</html>
`;
}
