import { isIP } from 'node:net';
import path from 'node:path';
import { isCommonPassword } from '@school/contract/common-passwords';
import { passwordProblem } from '@school/contract/password-rule';
import { z } from 'zod';

/** The admin the first start creates (decision 005), whose password ADMIN_PASSWORD sets. */
export const FIRST_ADMIN_USERNAME = 'admin';

/** The school name shown when SCHOOL_NAME is not set. */
export const DEFAULT_SCHOOL_NAME = "St. Brigid's Girls' College";

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'must be 1, 0, true, false, yes or no' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes'].includes(value)));

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as America/Port_of_Spain' },
);

/**
 * Fastify's `trustProxy`. A hop count is given as a function (this Fastify reads a bare number as
 * "trust nobody"): the socket's peer and the entries next to it, right to left, up to that many
 * proxies; the address after them is the client's, whatever the client wrote further left.
 */
export type TrustProxy = false | string[] | (((address: string, hop: number) => boolean) & { hops: number });

const trustHops = (hops: number) => Object.assign((_address: string, hop: number) => hop < hops, { hops });

/** The address ranges Fastify knows by name. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (namedRanges.has(entry) || isIP(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const bits = isIP(address ?? '') === 4 ? 32 : isIP(address ?? '') === 6 ? 128 : 0;
  return bits > 0 && extra === undefined && /^\d{1,3}$/.test(prefix ?? '') && Number(prefix) <= bits;
};

/**
 * TRUST_PROXY (decision 016): how many proxies stand in front (a hop count), or the addresses and
 * CIDR ranges of the proxies; never "trust every X-Forwarded-For", whose left-most entry the client writes.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context): TrustProxy => {
    const text = value?.trim().toLowerCase() ?? '';
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (/^\d+$/.test(text) && Number(text) <= 10) return trustHops(Number(text));
    const entries = text.split(',').map((entry) => entry.trim());
    if (!['true', 'yes'].includes(text) && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front (such as 1) or their addresses or CIDR ranges (such as 10.0.0.5,192.168.0.0/16), never true (that would let any client choose its own address)',
    });
    return z.NEVER;
  });

/** A whole number from `min` to `max`; `of` names what it counts in the message ("of seconds"). */
const wholeNumber = (min: number, max: number, of?: string) => {
  const message = `must be a whole number ${of ? `of ${of} ` : ''}from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

/** ADMIN_PASSWORD follows the rule of the change-password form (DESIGN §4). */
const adminPassword = z
  .string()
  .optional()
  .superRefine((value, context) => {
    const problem = value === undefined ? null : passwordProblem(value, { username: FIRST_ADMIN_USERNAME }, isCommonPassword);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const environmentSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL (leave it unset for the built-in SQLite file)' })
    .optional(),
  DATABASE_POOLER: z
    .enum(['none', 'transaction'], {
      message: 'must be transaction (DATABASE_URL goes through PgBouncer in transaction mode) or none (it reaches PostgreSQL itself)',
    })
    .default('none'),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// URL of the primary's hot standby (leave it unset to read from DATABASE_URL)" })
    .optional(),
  SCHOOL_NAME: z.string().trim().min(1).max(80).default(DEFAULT_SCHOOL_NAME),
  SCHOOL_TIMEZONE: timeZone.default('America/Port_of_Spain'),
  COOKIE_SECURE: flag(false),
  TRUST_PROXY: trustProxy,
  SEED_DEMO: flag(true),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int()
    .min(1024, { message: 'must be at least 1024 bytes' })
    .max(100 * 1024 * 1024, { message: 'must be at most 100 MB' })
    .default(10 * 1024 * 1024),
  FILE_STORE: z.enum(['local', 'database'], { message: 'must be local or database' }).optional(),
  SCHOOL_DAY_START: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:mm such as 08:00' })
    .default('08:00'),
  SCHOOL_MIDDAY: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:mm such as 12:00' })
    .default('12:00'),
  SCHOOL_DAY_END: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:mm such as 15:00' })
    .default('15:00'),
  WORKERS: wholeNumber(1, 64).default(1),
  DRAIN_SECONDS: wholeNumber(0, 30, 'seconds').default(0),
  DATABASE_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds from 100 to 600000' })
    .int({ message: 'must be a number of milliseconds from 100 to 600000' })
    .min(100, { message: 'must be a number of milliseconds from 100 to 600000' })
    .max(600_000, { message: 'must be a number of milliseconds from 100 to 600000' })
    .default(5000),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600, 'seconds').default(300),
  HEADERS_TIMEOUT_SECONDS: wholeNumber(1, 600, 'seconds').default(20),
  CONNECTIONS_PER_ADDRESS: wholeNumber(1, 100_000).default(200),
  IPV6_PREFIX: wholeNumber(16, 128, 'bits').default(64),
  FIRST_SIGN_IN_FAILURES_MIN: wholeNumber(1, 100_000).default(30),
  FIRST_SIGN_IN_STUDENTS_PER_FAILURE: wholeNumber(1, 100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['human', 'json'], { message: 'must be human or json' }).optional(),
  ADMIN_PASSWORD: adminPassword,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, { message: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.org:587' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  OFFICE_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'must be the school office’s e-mail address, such as office@school.example.org' })
    .optional(),
  PORTAL_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be the address parents and students open, such as https://portal.example.org' })
    .optional(),
  STAFF_MFA: z.enum(['required', 'optional'], { message: 'must be required or optional' }).optional(),
  EXPORT_DAILY_LIMIT: wholeNumber(1, 10_000).default(20),
  RECORD_READS_PER_HOUR_OFFICE: wholeNumber(1, 100_000).default(60),
  RECORD_READS_PER_HOUR_ADMIN: wholeNumber(1, 100_000).default(200),
  RETENTION_YEARS: wholeNumber(1, 50, 'years').default(2),
  ABSENCE_NOTES_FROM_STUDENTS: flag(false),
  OIDC_ISSUER: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be the provider’s issuer address, such as https://login.microsoftonline.com/{tenant}/v2.0' })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
  OIDC_ROLES: z
    .string()
    .regex(/^\s*(staff|students|guardians)(\s*,\s*(staff|students|guardians))*\s*$/, { message: 'must list who may use it: staff, students, guardians' })
    .optional(),
  OIDC_ACR: z.string().trim().min(1).max(500).optional(),
  OIDC_REQUIRED: z.enum(['staff'], { message: 'must be staff (or left unset)' }).optional(),
  OIDC_BREAK_GLASS: z.string().trim().toLowerCase().min(1).max(100).optional(),
  OIDC_STALE_DAYS: wholeNumber(1, 3650, 'days').optional(),
});

/** The roles that may sign in with the school's provider (decision 076). */
export type ProviderRole = 'staff' | 'students' | 'guardians';

/** The school's own sign-in (decision 076): one OpenID provider. */
export type ProviderSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in screens call it: 'Sign in with {name}'. */
  name: string;
  roles: ProviderRole[];
  /** An `acr` the provider names for a sign-in with more than one factor, besides `amr` holding `mfa`. */
  acr: string | null;
  /** Staff must sign in with the provider; only `breakGlass` keeps her password. */
  requiredForStaff: boolean;
  breakGlass: string | null;
  /** Staff not seen at the provider for this many days are listed on the Staff screen. */
  staleDays: number | null;
};

/** The provider's display name when OIDC_PROVIDER_NAME is unset: the two the README documents, else a plain word. */
function providerName(issuer: string): string {
  const host = new URL(issuer).hostname;
  if (host === 'login.microsoftonline.com') return 'Microsoft 365';
  if (host === 'accounts.google.com') return 'Google';
  return 'your school account';
}

function providerSettings(env: z.infer<typeof environmentSchema>): ProviderSettings | null {
  const given = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  const others = {
    OIDC_ROLES: env.OIDC_ROLES,
    OIDC_REQUIRED: env.OIDC_REQUIRED,
    OIDC_BREAK_GLASS: env.OIDC_BREAK_GLASS,
    OIDC_STALE_DAYS: env.OIDC_STALE_DAYS,
    OIDC_ACR: env.OIDC_ACR,
  };
  if (given.every((value) => value === undefined)) {
    const stray = Object.entries(others).find(([, value]) => value !== undefined);
    if (stray) throw new ConfigError([`${stray[0]}: needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`]);
    return null;
  }
  if (given.some((value) => value === undefined))
    throw new ConfigError(['OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: the school’s sign-in needs all three']);
  const roles = [...new Set((env.OIDC_ROLES ?? 'staff').split(',').map((role) => role.trim() as ProviderRole))];
  if (env.PORTAL_URL === undefined) throw new ConfigError(['PORTAL_URL: the school’s sign-in needs the portal’s address, where the provider sends staff back']);
  if (env.OIDC_REQUIRED === 'staff' && !env.OIDC_BREAK_GLASS)
    throw new ConfigError(['OIDC_BREAK_GLASS: OIDC_REQUIRED=staff needs the username of an admin who keeps her password']);
  return {
    issuer: env.OIDC_ISSUER!,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    name: env.OIDC_PROVIDER_NAME ?? providerName(env.OIDC_ISSUER!),
    roles,
    acr: env.OIDC_ACR ?? null,
    requiredForStaff: env.OIDC_REQUIRED === 'staff',
    breakGlass: env.OIDC_BREAK_GLASS ?? null,
    staleDays: env.OIDC_STALE_DAYS ?? null,
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL, or undefined for the SQLite file `portal.sqlite` in dataDir. */
  databaseUrl: string | undefined;
  /**
   * What stands between the portal and PostgreSQL (decision 068): `transaction` for PgBouncer in
   * transaction mode, where a server connection serves one transaction of one client at a time,
   * so no named prepared statement or session setting is kept; `none` when DATABASE_URL reaches
   * PostgreSQL itself.
   */
  databasePooler: 'none' | 'transaction';
  /**
   * A hot standby of DATABASE_URL's database, reached without a pooler (decision 073): the heavy
   * reads go there while it is less than 5 s behind; unset, everything is read from DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  schoolName: string;
  schoolTimeZone: string;
  cookieSecure: boolean;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges (decision 016). */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  uploadMaxBytes: number;
  /** Where uploaded files' bytes live: the folder DATA_DIR/uploads, or the database (decision 013). */
  fileStore: 'local' | 'database';
  /**
   * How the log is written: short human lines in a terminal (no line per request), JSON lines
   * otherwise (a file, a service manager, a log collector). LOG_FORMAT overrides the guess.
   */
  logFormat: 'human' | 'json';
  /** The least level logged: by default warn in the human form, info in JSON. */
  logLevel: string;
  /**
   * How long a statement may run, and a request wait for a database connection or SQLite's write
   * lock, before it is given up and answered 503 (decision 041): a stalled database gives a quick
   * answer the wizard retries, not a request held for the whole stall.
   */
  databaseTimeoutMs: number;
  /** How many server processes serve requests on the port (decision 028); more than 1 needs PostgreSQL. */
  workers: number;
  /**
   * After a stop signal, how long the server goes on taking new requests while `GET /api/health`
   * answers `draining` (decision 072), so that a load balancer takes it out before it stops
   * listening; 0 (one server, no load balancer) stops listening at once.
   */
  drainSeconds: number;
  /** The whole request, body and all, must arrive within this many seconds (decision 040): a slow body cannot hold a connection for ever. */
  requestTimeoutSeconds: number;
  /** The request line and headers must arrive within this many seconds (decision 040). */
  headersTimeoutSeconds: number;
  /** Connections one address may hold open at once, keep-alive ones waiting between requests aside; a trusted proxy's are not counted (decision 040). */
  connectionsPerAddress: number;
  /**
   * Per-address limits count an IPv6 caller by the first this many bits of her address (decision
   * 038): 64, the block one home or host is given, unless a network hands out smaller ones.
   */
  ipv6PrefixBits: number;
  /**
   * The school's budget of failed date-of-birth sign-ins per hour (decision 058): one failure per
   * `studentsPerFailure` students, never fewer than `minimum`; past it first sign-ins wait.
   */
  firstSignInBudget: { minimum: number; studentsPerFailure: number };
  /** Bell times in school time, HH:mm (decision 023): arriving after `schoolDayStart` is late; the AM session ends at `schoolMidday`. */
  schoolDayStart: string;
  schoolMidday: string;
  /** When a school day's attendance is recorded, HH:mm in school time: its absence and lateness messages are written then (decision 047). */
  schoolDayEnd: string;
  adminPassword: string | undefined;
  /** Where mail goes out (decision 047): an smtp:// or smtps:// URL; unset, messages stay queued for the admin to read. */
  smtpUrl: string | undefined;
  /** The sender of every message. */
  mailFrom: string;
  /** The school office's address: told of every new link between a guardian and a student (decision 062); none when unset. */
  officeEmail: string | null;
  /** The portal's address as messages name it (its sign-in, the opt-out link). */
  portalUrl: string;
  /** Whether PORTAL_URL gave the address; otherwise it is assumed (localhost), and passkeys work only there. */
  portalUrlSet: boolean;
  /**
   * Whether admin and office staff must use a second factor (decision 043): `required` by default
   * for a real school, `optional` with the demo school (SEED_DEMO).
   */
  staffMfa: 'required' | 'optional';
  /** Bulk exports one staff member may make in a school day (decision 049). */
  exportDailyLimit: number;
  /**
   * Different student records a staff member of each role may read in an hour before each further
   * one needs a second factor given in the last 15 minutes (issue 49; teachers read no full records).
   */
  recordReadsPerHour: { admin: number; office: number };
  /**
   * Full years after a student left that her health data and documents are kept (decision 046,
   * the Data Protection Act's retention principle); then `npm run retention` or the New School
   * Year screen erases them.
   */
  retentionYears: number;
  /**
   * Whether a student may send an absence note for herself (decision 065); off by default, when
   * only her linked parents and guardians send them.
   */
  absenceNotesFromStudents: boolean;
  /** The school's own sign-in with an OpenID provider (decision 076), or null. */
  provider: ProviderSettings | null;
  /** Folder of the built web app; undefined when the server runs without it (API tests). */
  webDist: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }

  /**
   * The problems as one sentence ending in one full stop (a problem may end in its own). A refused
   * ADMIN_PASSWORD is named as the password it is, not as a setting.
   */
  get summary(): string {
    const password = this.problems.filter((problem) => problem.startsWith('ADMIN_PASSWORD:'));
    const settings = this.problems.filter((problem) => !password.includes(problem));
    const sentences = [
      ...password.map((problem) => `The password in ADMIN_PASSWORD is refused: ${problem.slice('ADMIN_PASSWORD:'.length).trim()}`),
      ...(settings.length > 0 ? [`Invalid settings: ${settings.join('; ')}`] : []),
    ];
    return sentences.map((sentence) => sentence.replace(/\.*$/, '.')).join(' ');
  }
}

const hostOf = (url: string | undefined) => (url ? new URL(url).hostname : undefined);

/** Reads every setting from the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const logFormat = env.LOG_FORMAT ?? (process.stdout.isTTY ? 'human' : 'json');
  if (env.SCHOOL_MIDDAY <= env.SCHOOL_DAY_START) throw new ConfigError(['SCHOOL_MIDDAY: must be later than SCHOOL_DAY_START']);
  if (env.SCHOOL_DAY_END <= env.SCHOOL_MIDDAY) throw new ConfigError(['SCHOOL_DAY_END: must be later than SCHOOL_MIDDAY']);
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) throw new ConfigError(['HEADERS_TIMEOUT_SECONDS: must be at most REQUEST_TIMEOUT_SECONDS']);
  const needsPostgres = [
    ...(env.DATABASE_POOLER !== 'none' ? ['DATABASE_POOLER: needs DATABASE_URL (a pooler stands in front of PostgreSQL)'] : []),
    ...(env.DATABASE_READ_URL ? ["DATABASE_READ_URL: needs DATABASE_URL (it names the standby of DATABASE_URL's database)"] : []),
  ];
  if (!env.DATABASE_URL && needsPostgres.length > 0) throw new ConfigError(needsPostgres);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePooler: env.DATABASE_POOLER,
    databaseReadUrl: env.DATABASE_READ_URL,
    schoolName: env.SCHOOL_NAME,
    schoolTimeZone: env.SCHOOL_TIMEZONE,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    // The database by default with PostgreSQL, so that several server processes share the files.
    fileStore: env.FILE_STORE ?? (env.DATABASE_URL ? 'database' : 'local'),
    logFormat,
    logLevel: env.LOG_LEVEL ?? (logFormat === 'human' ? 'warn' : 'info'),
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    workers: env.WORKERS,
    drainSeconds: env.DRAIN_SECONDS,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    headersTimeoutSeconds: env.HEADERS_TIMEOUT_SECONDS,
    connectionsPerAddress: env.CONNECTIONS_PER_ADDRESS,
    ipv6PrefixBits: env.IPV6_PREFIX,
    firstSignInBudget: { minimum: env.FIRST_SIGN_IN_FAILURES_MIN, studentsPerFailure: env.FIRST_SIGN_IN_STUDENTS_PER_FAILURE },
    schoolDayStart: env.SCHOOL_DAY_START,
    schoolMidday: env.SCHOOL_MIDDAY,
    schoolDayEnd: env.SCHOOL_DAY_END,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    officeEmail: env.OFFICE_EMAIL ?? null,
    mailFrom: env.MAIL_FROM ?? `${env.SCHOOL_NAME} <no-reply@${hostOf(env.PORTAL_URL) ?? 'localhost'}>`,
    portalUrl: (env.PORTAL_URL ?? `http://${env.HOST === '0.0.0.0' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    portalUrlSet: env.PORTAL_URL !== undefined,
    staffMfa: env.STAFF_MFA ?? (env.SEED_DEMO ? 'optional' : 'required'),
    exportDailyLimit: env.EXPORT_DAILY_LIMIT,
    recordReadsPerHour: { admin: env.RECORD_READS_PER_HOUR_ADMIN, office: env.RECORD_READS_PER_HOUR_OFFICE },
    retentionYears: env.RETENTION_YEARS,
    absenceNotesFromStudents: env.ABSENCE_NOTES_FROM_STUDENTS,
    provider: providerSettings(env),
    webDist: undefined,
  };
}

/** What `GET /api/config` answers and the page carries. */
export type SchoolConfig = { school_name: string; time_zone: string; sign_in_provider: { name: string; roles: ProviderRole[] } | null };

/** What `GET /api/config` answers and the page carries: the school's name, time zone and own sign-in (decision 076). */
export const schoolConfig = (config: Config): SchoolConfig => ({
  school_name: config.schoolName,
  time_zone: config.schoolTimeZone,
  sign_in_provider: config.provider ? { name: config.provider.name, roles: config.provider.roles } : null,
});
