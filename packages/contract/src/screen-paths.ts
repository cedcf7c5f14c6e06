/**
 * Which of `screens` a path is: its own ('/family/account'), else one that names a value in a
 * segment ('/family/:daughter'). The web app asks a screen's first calls by it, and the server
 * chooses the copy of the page it sends by it.
 */
export function screenOfPath(screens: readonly string[], path: string): string | undefined {
  if (screens.includes(path)) return path;
  const segments = path.split('/');
  for (const screen of screens) {
    const pattern = screen.split('/');
    if (pattern.length !== segments.length || !pattern.some((part) => part.startsWith(':'))) continue;
    // A named segment holds something; every other is the screen's own.
    if (pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))) return screen;
  }
  return undefined;
}
