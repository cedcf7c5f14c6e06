import { escapeHtml } from './message-kinds.ts';

/** What the stop link's page says: the button that stops, done, a link that is not valid, or one whose school year is over. */
export type StopPageState = 'confirm' | 'stopped' | 'invalid' | 'expired';

/**
 * The small page a parent's stop link answers (decision 058). Opened, it shows a button that
 * stops the messages (a POST to the same address, so a mail scanner following the link stops
 * nothing); then done, or why the link stops nothing. Nothing about the student.
 */
export function stopPage(schoolName: string, state: StopPageState): string {
  const school = escapeHtml(schoolName);
  const pages: Record<StopPageState, [string, string]> = {
    confirm: ['Stop absence messages?', `Press the button to stop absence and lateness messages about this student from ${school} to your address.`],
    stopped: [
      'Absence messages stopped',
      `You will no longer receive absence and lateness messages about this student from ${school}. To receive them again, contact the school office.`,
    ],
    invalid: [
      'This link is not valid',
      `The link may have been cut short by your e-mail program. Open it again from the message, or contact the school office of ${school}.`,
    ],
    expired: [
      'This link has expired',
      `The link was for messages of a school year that is over. Use the link in a recent message, or contact the school office of ${school}.`,
    ],
  };
  const [title, text] = pages[state];
  // The form posts to the page's own address, its token in the query: the button needs no script.
  const button = state === 'confirm' ? '\n<form method="post"><button type="submit">Stop these messages</button></form>' : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – ${school}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;color:#1c2434;max-width:36rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.5rem;color:#0d2a5c}button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:1px solid #0d2a5c;background:#0d2a5c;color:#fff;cursor:pointer}</style></head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>${button}
</main>
</body>
</html>
`;
}
