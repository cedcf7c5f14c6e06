/** Browsers by a mark of their User-Agent, the more specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const browsers: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A session's device as a staff member reads it on her account page ("Firefox on Linux"), from the User-Agent of its sign-in. */
export function deviceName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = browsers.find(([mark]) => mark.test(userAgent))?.[1];
  const system = systems.find(([mark]) => mark.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
