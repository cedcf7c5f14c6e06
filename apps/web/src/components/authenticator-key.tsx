/** Letters a group of the key holds: four, as authenticator apps and their guides show keys. */
const GROUP = 4;

/**
 * An authenticator app's key as she reads it to type: in groups of four that wrap between groups,
 * never leaving a letter alone on a line. The gaps are drawn, not written: the key's text holds no
 * space, so copying it gives the key as the app takes it. Plain elements, drawn by either kit (the
 * staff's account page, the family's two-step section).
 */
export function AuthenticatorKey({ secret }: { secret: string }) {
  const groups = secret.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [];
  return (
    <code data-testid="totp-secret" style={{ fontFamily: 'ui-monospace, "Cascadia Mono", Menlo, Consolas, monospace', fontSize: '1rem' }}>
      {groups.map((group, index) => (
        <span key={index} style={{ display: 'inline-block', marginInlineEnd: index < groups.length - 1 ? '0.75ch' : undefined }}>
          {group}
        </span>
      ))}
    </code>
  );
}
