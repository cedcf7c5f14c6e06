import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInProvider } from '@school/contract/responses';
import { api } from './client.ts';

/** The school's name and time zone, which every screen shows, and its own sign-in: asked where the page does not hold them. */
export const schoolConfigPath = '/api/config';

export type SchoolConfig = { school_name: string; time_zone: string; sign_in_provider: SignInProvider | null };

/** GET /api/config: the school's name and time zone, as the server is configured. */
export const getSchoolConfig = () => api<SchoolConfig>(schoolConfigPath);

export const getSchoolConfigQueryOptions = () => queryOptions({ queryKey: ['school-config'], queryFn: getSchoolConfig, staleTime: Infinity });

/**
 * The school's name and time zone as the server wrote them into the page, or null where it did
 * not (the page kept by the service worker, the dev server): then they are asked for.
 */
export function schoolConfigInPage(): SchoolConfig | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="school-config"]')?.content;
  if (!content) return null;
  try {
    const config = JSON.parse(content) as Partial<SchoolConfig>;
    return typeof config.school_name === 'string' && typeof config.time_zone === 'string'
      ? { school_name: config.school_name, time_zone: config.time_zone, sign_in_provider: config.sign_in_provider ?? null }
      : null;
  } catch {
    return null;
  }
}

/** The school's name; shown on every screen. */
export function useSchoolName(): string {
  const { data } = useQuery(getSchoolConfigQueryOptions());
  return data?.school_name ?? '';
}

/** The school's time zone (IANA name), in which every time the portal shows is read; until it has loaded, the default school's. */
export function useSchoolTimeZone(): string {
  const { data } = useQuery(getSchoolConfigQueryOptions());
  return data?.time_zone ?? 'America/Port_of_Spain';
}

/** The school's own sign-in (decision 076) when it is open to `role`: its provider's name; else null. */
export function useSignInProvider(role: SignInProvider['roles'][number]): string | null {
  const { data } = useQuery(getSchoolConfigQueryOptions());
  const provider = data?.sign_in_provider;
  return provider && provider.roles.includes(role) ? provider.name : null;
}
