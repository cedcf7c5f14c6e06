import path from 'node:path';
import { passwordLength } from '@school/contract';
import { z } from 'zod';

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

const environmentSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL (leave it unset for the built-in SQLite file)' })
    .optional(),
  SCHOOL_NAME: z.string().trim().min(1).max(80).default(DEFAULT_SCHOOL_NAME),
  SCHOOL_TIMEZONE: timeZone.default('America/Port_of_Spain'),
  COOKIE_SECURE: flag(false),
  TRUST_PROXY: flag(false),
  SEED_DEMO: flag(true),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int()
    .min(1024, { message: 'must be at least 1024 bytes' })
    .max(100 * 1024 * 1024, { message: 'must be at most 100 MB' })
    .default(10 * 1024 * 1024),
  FILE_STORE: z.enum(['local', 'database'], { message: 'must be local or database' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_PASSWORD: z
    .string()
    .min(passwordLength.min, { message: `must be at least ${passwordLength.min} characters` })
    .max(passwordLength.max)
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL, or undefined for the SQLite file `portal.sqlite` in dataDir. */
  databaseUrl: string | undefined;
  schoolName: string;
  schoolTimeZone: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  seedDemo: boolean;
  uploadMaxBytes: number;
  /** Where uploaded files' bytes live: the folder DATA_DIR/uploads, or the database (decision 013). */
  fileStore: 'local' | 'database';
  logLevel: string;
  adminPassword: string | undefined;
  /** Folder of the built web app; undefined when the server runs without it (API tests). */
  webDist: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads every setting from the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    schoolName: env.SCHOOL_NAME,
    schoolTimeZone: env.SCHOOL_TIMEZONE,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    // The database by default with PostgreSQL, so that several server processes share the files.
    fileStore: env.FILE_STORE ?? (env.DATABASE_URL ? 'database' : 'local'),
    logLevel: env.LOG_LEVEL,
    adminPassword: env.ADMIN_PASSWORD,
    webDist: undefined,
  };
}
