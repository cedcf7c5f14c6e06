import { messages, screenOfPath } from '@school/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl } from './session/access.ts';
import { registerSessions } from './session/sessions.ts';
import { registerClosingAnswers } from './lib/http/closing-answers.ts';
import { type Encoding, preferredEncoding, registerAnswerCompression } from './lib/http/compress-answers.ts';
import { schoolConfig, type Config, type SchoolConfig } from './core/config.ts';
import type { Db, DialectName } from './db/database.ts';
import { createWriteTransactions } from './db/write-transactions.ts';
import { routeReads, type ReadRoutingOptions } from './db/read-routing.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import type { Deps } from './lib/deps.ts';
import { adminDataRoutes } from './features/admin-data/index.ts';
import { attendanceRoutes, registerSchoolDayEnd } from './features/attendance/index.ts';
import { auditRoutes } from './features/audit/index.ts';
import { authRoutes, currentPasswordRoutes, passkeyRoutes, providerRoutes, registerSignInShedding, secondFactorRoutes } from './features/auth/index.ts';
import { registrationRoutes } from './features/registration/index.ts';
import { documentFileOwner, filesRoutes } from './features/files/index.ts';
import { familyRoutes } from './features/family/index.ts';
import { privacyRoutes } from './features/privacy/index.ts';
import { registrationFormRoutes } from './features/registration-form/index.ts';
import { staffRoutes } from './features/staff/index.ts';
import { exportGuardRoutes } from './features/export-guard/index.ts';
import { studentsRoutes } from './features/students/index.ts';
import { referenceRoutes } from './features/reference/index.ts';
import { reportCardFileOwner, termReportsRoutes } from './features/term-reports/index.ts';
import { retentionRoutes } from './features/retention/index.ts';
import { schoolYearRoutes } from './features/school-year/index.ts';
import { notificationsRoutes, registerOutboxSender } from './features/notifications/index.ts';
import { guardianSecondFactorRoutes, guardiansRoutes, signInGuardianWithProvider } from './features/guardians/index.ts';
import { contactChangesRoutes } from './features/contact-changes/index.ts';
import { absenceNoteFileOwner, absenceNotesRoutes } from './features/absence-notes/index.ts';
import { consentsRoutes } from './features/consents/index.ts';
import { oneRosterRoutes } from './features/oneroster/index.ts';
import { apiDocsRoutes, registerOpenApi } from './lib/api-docs.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { humanLogStream } from './lib/human-log.ts';
import { serializerCompiler } from './lib/response-serializer.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { robotsRoutes } from './lib/robots.ts';
import { healthRoutes } from './lib/health.ts';
import { checkStoredFiles, createFileStore, removeOrphanFiles, SETTLE_MS, uploadsDir, type FileOwner } from './lib/file-store/index.ts';
import { registerSharedJob } from './lib/shared-jobs.ts';
import { registerUploads } from './lib/uploads/index.ts';
import { registerRequestLoad } from './lib/request-load.ts';
import { addressKey } from './lib/address-key.ts';
import { limitConnectionsPerAddress, serverTimeouts } from './lib/connection-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services need (database, write transactions, settings): routes pass it to them. */
    deps: Deps;
  }
  interface FastifyRequest {
    /** The caller's address as every per-address limit counts it (`addressKey`, decision 038). */
    address: string;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  dialect: DialectName;
  /** The standby the heavy reads go to while it keeps up (DATABASE_READ_URL, decision 073); its opener closes it. */
  readDb?: Db;
  /** How the standby is watched, when a test sets it. */
  readRouting?: ReadRoutingOptions;
  logger?: boolean;
  /** Routes registered after the features' (tests use it to see how the app treats a route). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
};

/** Builds the whole application: plugins, guards and every feature's routes. Used by main and by tests. */
export async function buildApp({ config, db, dialect, readDb, readRouting, logger = true, extraRoutes }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]'],
          ...(config.logFormat === 'human' ? { stream: humanLogStream } : {}),
        }
      : false,
    // In a terminal a request is not worth a line: what the operator needs (warnings, errors, the sign-in details) stays in view.
    ...(config.logFormat === 'human' ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // A request reaching a closing server is answered by registerClosingAnswers, in the portal's words.
    return503OnClosing: false,
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerAddress(app.server, config, app.log);
  // The address every per-address limit counts the caller under (an IPv6 caller by her /64).
  app.decorateRequest('address', {
    getter(this: FastifyRequest) {
      return addressKey(this.ip, config.ipv6PrefixBits);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const writeTransaction = createWriteTransactions(db, dialect, config.databaseTimeoutMs);
  // Leaving the standby is worth a warning; going back to it, a note.
  const reads = routeReads(db, readDb, { onChange: (sentence, toStandby) => (toStandby ? app.log.info(sentence) : app.log.warn(sentence)), ...readRouting });
  app.addHook('onClose', async () => reads.stop());
  app.decorate('deps', {
    db,
    heavyReads: reads.heavyReads,
    dialect,
    writeTransaction,
    config,
    files: createFileStore(config, db, writeTransaction),
  } satisfies Deps);

  registerErrorHandler(app);
  // First of the hooks: a closing server answers a late request before any other work (decision 072).
  registerClosingAnswers(app);
  await app.register(cookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The PDF viewer's worker (pdf.js) and the service worker: the portal's own files only.
        workerSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    hsts: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Several processes share one PostgreSQL database (decision 028): their call counts are kept there.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.address,
    ...(dialect === 'postgres' ? { store: databaseRateLimitStore(db) } : {}),
  });
  registerRequestLoad(app);
  await registerUploads(app);
  // Before the sessions: a sign-in turned away for a full queue costs no database work.
  registerSignInShedding(app);
  registerSessions(app);
  registerAccessControl(app);

  // Answers carrying a student's data must not be cached (DESIGN §4); lists and assets opt back in.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerAnswerCompression(app);

  await registerOpenApi(app);
  for (const [tag, routes] of featureRoutes) await app.register(withTag(tag, routes));
  await app.register(apiDocsRoutes);
  await app.register(robotsRoutes);
  await app.register(healthRoutes);
  if (extraRoutes) await app.register(extraRoutes);

  // Start-up check of stored files: bytes no row names go, missing bytes are reported (unfinished uploads: registerUploads).
  // With SQLite the portal is one process: no other can be between bytes and rows, so orphans go at once.
  app.addHook('onReady', async () => {
    const otherStore = createFileStore({ ...config, fileStore: config.fileStore === 'local' ? 'database' : 'local' }, db, writeTransaction);
    const settleMs = dialect === 'sqlite' ? 0 : SETTLE_MS;
    await checkStoredFiles({ db, store: app.deps.files, otherStore, owners: fileOwners, log: app.log, settleMs });
  });
  // An upload of many files stopped before its rows committed leaves bytes no row names: swept while
  // the portal serves too, by one server of several each time (the database's files are every
  // server's; a folder's are its machine's, so each machine sweeps its own).
  registerSharedJob(app, {
    name: config.fileStore === 'database' ? 'unnamed stored files' : `unnamed stored files in ${os.hostname()}:${uploadsDir(config)}`,
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    run: () => removeOrphanFiles({ db, store: app.deps.files, owners: fileOwners }),
    failure: 'The sweep of unnamed stored files failed',
  });
  registerOutboxSender(app);
  registerSchoolDayEnd(app);

  if (config.webDist) serveWebApp(app, config.webDist);
  else app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ message: messages.notFound }));
  return app;
}

type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** Feature route plugins, in the order they register, each with the heading its calls have in the API document. */
const featureRoutes: Array<[string, RoutePlugin]> = [
  ['sign-in and sessions', authRoutes],
  ['sign-in with the school’s accounts', providerRoutes({ guardian: signInGuardianWithProvider })],
  ['sign-in and sessions', currentPasswordRoutes],
  ['sign-in and sessions', secondFactorRoutes],
  ['sign-in and sessions', passkeyRoutes],
  ['reference lists', referenceRoutes],
  ['registration', registrationRoutes],
  ['registration form', registrationFormRoutes],
  ['students', studentsRoutes],
  ['documents', filesRoutes],
  ['attendance', attendanceRoutes],
  ['term reports', termReportsRoutes],
  ['admin data', adminDataRoutes],
  ['admin data', oneRosterRoutes],
  ['audit log', auditRoutes],
  ['privacy', privacyRoutes],
  ['staff', staffRoutes],
  ['school year', schoolYearRoutes],
  ['school year', retentionRoutes],
  ['notifications', notificationsRoutes],
  ['staff', exportGuardRoutes],
  ['guardians', guardiansRoutes],
  ['guardians', guardianSecondFactorRoutes],
  ['parents and guardians', familyRoutes],
  ['parents and guardians', contactChangesRoutes],
  ['absence notes', absenceNotesRoutes],
  ['consent forms', consentsRoutes],
];

/** How often a running portal removes stored bytes that no row names (once they are SETTLE_MS old). */
const ORPHAN_SWEEP_EVERY_MS = 5 * 60 * 1000;

/** Every feature whose rows name stored files (decision 013). */
const fileOwners: FileOwner[] = [documentFileOwner, reportCardFileOwner, absenceNoteFileOwner];

/** A feature's routes, each tagged with the feature's heading in the OpenAPI document. */
const withTag =
  (tag: string, routes: RoutePlugin): RoutePlugin =>
  async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: (route.schema as { tags?: string[] } | undefined)?.tags ?? [tag] } as typeof route.schema;
    });
    await scope.register(routes);
  };

/** Files of the built web app a browser must ask for again each time: the service worker and the manifest (decision 044). */
const SERVICE_WORKER = 'sw.js';
const MANIFEST = 'manifest.webmanifest';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route,
 * the service worker never cached (a new version is seen at once) and the manifest with the school's name.
 */
function serveWebApp(app: FastifyInstance, webDist: string): void {
  const school = schoolConfig(app.deps.config);
  const readPage = (file: string) => compressed(withSchoolConfig(fs.readFileSync(path.join(webDist, file), 'utf8'), school));
  const indexHtml = readPage('index.html');
  app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes a brotli and a gzip copy of each file; browsers get the smallest they accept.
    preCompressed: true,
    globIgnore: [`${MANIFEST}*`],
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      const cacheControl = hashed ? 'public, max-age=31536000, immutable' : path.basename(filePath) === SERVICE_WORKER ? 'no-cache' : 'public, max-age=300';
      res.setHeader('cache-control', cacheControl);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const manifestFile = path.join(webDist, MANIFEST);
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.stringify(withSchoolName(JSON.parse(fs.readFileSync(manifestFile, 'utf8')), app.deps.config.schoolName));
    // A file of the built app (`file`, as the static plugin marks its own), open to anyone.
    const config = { access: 'visitor' as const, file: MANIFEST };
    app.get(`/${MANIFEST}`, { config, schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifest),
    );
  }
  const screenPages = readScreenPages(webDist, readPage);
  const screenNames = [...screenPages.keys()];
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/sanctum/');
    if (!isPage) return reply.code(404).send({ message: messages.notFound });
    // A signed-in student or guardian opening one of her screens, or a visitor the family's
    // sign-in, gets the copy of the page that fetches the screen's scripts with it, and the
    // screen's first calls beside them (decision 055). Anyone else gets the page.
    const { actor } = request;
    const found = screenOfPath(screenNames, request.url.split('?')[0]!);
    const screen = found === undefined ? undefined : screenPages.get(found);
    const forHer = screen?.for === actor.kind;
    const page = forHer ? screen.page : indexHtml;
    if (forHer && screen.calls.length) reply.header('link', preloadLinks(screen.calls, actor.kind === 'student' ? actor.studentId : ''));
    const encoding = preferredEncoding(request.headers['accept-encoding'], page);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').send(page[encoding]);
  });
}

/** The built manifest with the school's name (SCHOOL_NAME) as the installed app's name; its short name too when it fits under an icon. */
export function withSchoolName(manifest: Record<string, unknown>, schoolName: string): Record<string, unknown> {
  return { ...manifest, name: schoolName, ...(schoolName.length <= 12 ? { short_name: schoolName } : {}) };
}

type Precompressed = Partial<Record<Encoding, Buffer>> & { identity: Buffer };

type ScreenPage = { page: Precompressed; calls: string[]; for: 'student' | 'guardian' | 'visitor' };

/**
 * The build's copies of index.html for a student's screens (by path), each also fetching that
 * screen's scripts and styles, with the calls the screen makes as it opens; none when the build
 * wrote no list.
 */
function readScreenPages(webDist: string, readPage: (file: string) => Precompressed): Map<string, ScreenPage> {
  const list = path.join(webDist, 'first-screens.json');
  if (!fs.existsSync(list)) return new Map();
  const screens = JSON.parse(fs.readFileSync(list, 'utf8')) as Record<string, { page: string; calls: string[]; for: ScreenPage['for'] }>;
  return new Map(Object.entries(screens).map(([screen, { page, calls, for: viewer }]) => [screen, { page: readPage(page), calls, for: viewer }]));
}

const SCHOOL_CONFIG_META = '<meta name="school-config" content="" />';
const htmlAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the school's name and time zone written in (what `GET /api/config` answers), so no screen has to ask. */
export function withSchoolConfig(html: string, school: SchoolConfig): string {
  return html.replace(SCHOOL_CONFIG_META, `<meta name="school-config" content="${htmlAttribute(JSON.stringify(school))}" />`);
}

/** A page with its brotli and gzip copies, made once as the server starts. */
function compressed(text: string): Precompressed {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The Link header that has the browser start a screen's first calls as the page arrives, not once
 * its scripts have run: the app's own call takes the answer. `{student}` is her student ID; a
 * guardian's calls name no one (her screens ask about all her daughters).
 */
export function preloadLinks(calls: string[], student: string): string {
  return calls
    .map((call) => call.replace('{student}', encodeURIComponent(student)))
    .map((call) => `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`)
    .join(', ');
}
