import type { Page } from '@playwright/test';

/** The school's time zone, as the portal tells the web app. */
export const schoolZone = async (page: Page): Promise<string> => ((await (await page.request.get('/api/config')).json()) as { time_zone: string }).time_zone;

/**
 * An instant as every screen writes a moment: yyyy-MM-dd HH:mm:ss on the school's clock. Made here
 * apart from the app's own formatter (the Swedish locale writes it so), so a journey checks the
 * screens against an independent reading.
 */
export const onSchoolClock = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
