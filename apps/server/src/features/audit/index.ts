/** The audit log (DESIGN §4): every feature writes to it through `writeAudit`, with the request's actor; admins read it, and a student sees what staff did with her record. */
export { auditRead, auditRow, recentAuditOf, studentsHeld, writeAudit, writeAuditRows, type AuditEntry } from './audit-log.ts';
export { auditRoutes } from './routes.ts';
export { recordAccessOf } from './service.ts';
