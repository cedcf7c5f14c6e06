import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SCHOOL_NAME, loadConfig } from '../../src/core/config.ts';

describe('settings', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      schoolName: DEFAULT_SCHOOL_NAME,
      schoolTimeZone: 'America/Port_of_Spain',
      cookieSecure: false,
      trustProxy: false,
      seedDemo: true,
      uploadMaxBytes: 10 * 1024 * 1024,
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('reads each setting from the environment', () => {
    const config = loadConfig({
      PORT: '9001',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/portal',
      DATABASE_URL: 'postgres://portal@db/portal',
      SCHOOL_NAME: 'Holy Name Convent',
      SCHOOL_TIMEZONE: 'America/Barbados',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      UPLOAD_MAX_BYTES: '2048',
    });
    expect(config).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      dataDir: '/srv/portal',
      databaseUrl: 'postgres://portal@db/portal',
      schoolName: 'Holy Name Convent',
      schoolTimeZone: 'America/Barbados',
      cookieSecure: true,
      trustProxy: expect.objectContaining({ hops: 1 }),
      seedDemo: false,
      uploadMaxBytes: 2048,
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SCHOOL_TIMEZONE: 'Mars/Olympus', COOKIE_SECURE: 'maybe', UPLOAD_MAX_BYTES: '12' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SCHOOL_TIMEZONE', 'COOKIE_SECURE', 'UPLOAD_MAX_BYTES']) expect(problems).toContain(name);
    expect(problems).toContain('must be an IANA time zone');
  });

  it('reads TRUST_PROXY as a hop count or the proxies\' addresses, never as "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('10.0.0.3', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be the number of proxies in front/);
    }
  });

  it('reads WORKERS as a whole number of processes from 1 to 64', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(4);
    for (const bad of ['0', '65', '2.5', 'two', '-1']) {
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(/WORKERS: must be a whole number from 1 to 64/);
    }
  });

  it('reads DRAIN_SECONDS as whole seconds from 0 to 30, 0 when unset (a stop with no load balancer to wait for)', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '3' }).drainSeconds).toBe(3);
    for (const bad of ['-1', '31', '1.5', 'soon']) {
      expect(() => loadConfig({ DRAIN_SECONDS: bad }), bad).toThrow(/DRAIN_SECONDS: must be a whole number of seconds from 0 to 30/);
    }
  });

  it("keeps leavers' health data and documents RETENTION_YEARS full years, 2 when unset, from 1 to 50", () => {
    expect(loadConfig({}).retentionYears).toBe(2);
    expect(loadConfig({ RETENTION_YEARS: '7' }).retentionYears).toBe(7);
    for (const bad of ['0', '51', '1.5', 'two', '-2']) {
      expect(() => loadConfig({ RETENTION_YEARS: bad }), bad).toThrow(/RETENTION_YEARS: must be a whole number of years from 1 to 50/);
    }
  });

  it('reads DATABASE_TIMEOUT_MS as milliseconds from 100 to 600000, 5 seconds when unset', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '1500' }).databaseTimeoutMs).toBe(1500);
    for (const bad of ['0', '99', '600001', '2.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_TIMEOUT_MS: bad }), bad).toThrow(/DATABASE_TIMEOUT_MS: must be a number of milliseconds from 100 to 600000/);
    }
  });

  it('times out slow requests and caps one address’s connections by default, each in settings of its own', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutSeconds: 300, headersTimeoutSeconds: 20, connectionsPerAddress: 200 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '600', HEADERS_TIMEOUT_SECONDS: '10', CONNECTIONS_PER_ADDRESS: '500' })).toMatchObject({
      requestTimeoutSeconds: 600,
      headersTimeoutSeconds: 10,
      connectionsPerAddress: 500,
    });
    for (const [name, bad] of [
      ['REQUEST_TIMEOUT_SECONDS', '0'],
      ['REQUEST_TIMEOUT_SECONDS', 'never'],
      ['HEADERS_TIMEOUT_SECONDS', '1.5'],
      ['CONNECTIONS_PER_ADDRESS', '0'],
    ]) {
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`${name}: must be a whole number`));
    }
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: must be at most REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('counts IPv6 callers by their /64 unless IPV6_PREFIX says otherwise', () => {
    expect(loadConfig({}).ipv6PrefixBits).toBe(64);
    expect(loadConfig({ IPV6_PREFIX: '48' }).ipv6PrefixBits).toBe(48);
    for (const bad of ['8', '129', 'all']) expect(() => loadConfig({ IPV6_PREFIX: bad })).toThrow(/IPV6_PREFIX: must be a whole number of bits from 16 to 128/);
  });

  it('refuses an ADMIN_PASSWORD the change-password form would refuse, saying why in one line', () => {
    const problem = (password: string) => {
      try {
        loadConfig({ ADMIN_PASSWORD: password });
        return null;
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problem('short')).toEqual(['ADMIN_PASSWORD: The password must have at least 8 characters.']);
    expect(problem('password123')).toEqual(['ADMIN_PASSWORD: This password is too common. Please choose another.']);
    expect(problem('admin')).toHaveLength(1);
    expect(problem('Savannah-Morning-7')).toBeNull();
  });

  it('sums up the problems in sentences ending in one full stop, a refused ADMIN_PASSWORD named as the password', () => {
    const summary = (environment: Record<string, string>) => {
      try {
        loadConfig(environment);
        return null;
      } catch (error) {
        return (error as ConfigError).summary;
      }
    };
    expect(summary({ ADMIN_PASSWORD: 'short' })).toBe('The password in ADMIN_PASSWORD is refused: The password must have at least 8 characters.');
    expect(summary({ ADMIN_PASSWORD: 'short', PORT: 'eighty' })).toBe(
      'The password in ADMIN_PASSWORD is refused: The password must have at least 8 characters. Invalid settings: PORT: must be a number.',
    );
  });

  it('writes the log as JSON at level info, or in the human form at level warn, as LOG_FORMAT says', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' })).toMatchObject({ logFormat: 'json', logLevel: 'info' });
    expect(loadConfig({ LOG_FORMAT: 'human' })).toMatchObject({ logFormat: 'human', logLevel: 'warn' });
    expect(loadConfig({ LOG_FORMAT: 'human', LOG_LEVEL: 'info' })).toMatchObject({ logFormat: 'human', logLevel: 'info' });
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: must be human or json/);
  });

  it('keeps messages unsent without SMTP_URL, and reads SMTP_URL, MAIL_FROM and PORTAL_URL when given', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      portalUrl: 'http://localhost:8000',
      portalUrlSet: false,
      mailFrom: `${DEFAULT_SCHOOL_NAME} <no-reply@localhost>`,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.org:465', PORTAL_URL: 'https://portal.example.org/' })).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      portalUrl: 'https://portal.example.org',
      portalUrlSet: true,
      mailFrom: `${DEFAULT_SCHOOL_NAME} <no-reply@portal.example.org>`,
    });
    expect(loadConfig({ MAIL_FROM: 'Office <office@example.org>' }).mailFrom).toBe('Office <office@example.org>');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ PORTAL_URL: 'portal' })).toThrow(/PORTAL_URL: must be the address/);
  });

  it('reaches PostgreSQL itself unless DATABASE_POOLER says a transaction pooler stands between, and reads nothing from a standby unless DATABASE_READ_URL names one', () => {
    const url = 'postgres://portal@db/portal';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databasePooler: 'none', databaseReadUrl: undefined });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_READ_URL: 'postgres://portal@standby/portal' })).toMatchObject({
      databasePooler: 'transaction',
      databaseReadUrl: 'postgres://portal@standby/portal',
    });
  });

  it('refuses a pooler it does not know, a standby that is no postgres:// URL, and either without DATABASE_URL, each in one line', () => {
    const summary = (environment: Record<string, string>) => {
      try {
        loadConfig(environment);
      } catch (error) {
        return (error as ConfigError).summary;
      }
      return 'accepted';
    };
    const url = 'postgres://portal@db/portal';
    expect(summary({ DATABASE_URL: url, DATABASE_POOLER: 'session' })).toBe(
      'Invalid settings: DATABASE_POOLER: must be transaction (DATABASE_URL goes through PgBouncer in transaction mode) or none (it reaches PostgreSQL itself).',
    );
    expect(summary({ DATABASE_URL: url, DATABASE_READ_URL: 'standby:5432' })).toBe(
      "Invalid settings: DATABASE_READ_URL: must be a postgres:// URL of the primary's hot standby (leave it unset to read from DATABASE_URL).",
    );
    expect(summary({ DATABASE_POOLER: 'transaction', DATABASE_READ_URL: 'postgres://portal@standby/portal' })).toBe(
      "Invalid settings: DATABASE_POOLER: needs DATABASE_URL (a pooler stands in front of PostgreSQL); DATABASE_READ_URL: needs DATABASE_URL (it names the standby of DATABASE_URL's database).",
    );
    expect(summary({ DATABASE_POOLER: 'none' })).toBe('accepted');
  });
});

describe('the school’s own sign-in (decision 076)', () => {
  const provider = {
    PORTAL_URL: 'https://portal.example.org',
    OIDC_ISSUER: 'https://login.microsoftonline.com/tenant-id/v2.0',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('is off unless set, and reads the provider, its name and who may use it', () => {
    expect(loadConfig({}).provider).toBeNull();
    expect(loadConfig(provider).provider).toEqual({
      issuer: provider.OIDC_ISSUER,
      clientId: 'portal',
      clientSecret: 'secret',
      name: 'Microsoft 365',
      roles: ['staff'],
      acr: null,
      requiredForStaff: false,
      breakGlass: null,
      staleDays: null,
    });
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'https://accounts.google.com' }).provider?.name).toBe('Google');
    expect(loadConfig({ ...provider, OIDC_PROVIDER_NAME: 'Our School' }).provider?.name).toBe('Our School');
    const strict = loadConfig({ ...provider, OIDC_REQUIRED: 'staff', OIDC_BREAK_GLASS: 'Keeper', OIDC_STALE_DAYS: '30' }).provider;
    expect(strict).toMatchObject({ requiredForStaff: true, breakGlass: 'keeper', staleDays: 30 });
  });

  it('refuses each bad value in one line naming the setting', () => {
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'login.example.org' })).toThrow(/OIDC_ISSUER: must be the provider’s issuer address/);
    expect(() => loadConfig({ ...provider, PORTAL_URL: undefined })).toThrow(/PORTAL_URL: the school’s sign-in needs the portal’s address/);
    expect(() => loadConfig({ OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: the school’s sign-in needs all three/,
    );
    expect(() => loadConfig({ OIDC_REQUIRED: 'staff' })).toThrow(/OIDC_REQUIRED: needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...provider, OIDC_ROLES: 'staff,teachers' })).toThrow(/OIDC_ROLES: must list who may use it/);
    expect(loadConfig({ ...provider, OIDC_ROLES: 'staff,students' }).provider?.roles).toEqual(['staff', 'students']);
    expect(loadConfig({ ...provider, OIDC_ROLES: 'guardians, staff' }).provider?.roles).toEqual(['guardians', 'staff']);
    expect(() => loadConfig({ ...provider, OIDC_REQUIRED: 'everyone' })).toThrow(/OIDC_REQUIRED: must be staff/);
    expect(() => loadConfig({ ...provider, OIDC_REQUIRED: 'staff' })).toThrow(/OIDC_BREAK_GLASS: OIDC_REQUIRED=staff needs the username of an admin/);
    expect(() => loadConfig({ ...provider, OIDC_STALE_DAYS: 'soon' })).toThrow(/OIDC_STALE_DAYS: must be a whole number/);
  });
});
