/** The audit log (DESIGN §4): every feature writes to it through `writeAudit`, with the request's actor. */
export { auditRead, writeAudit, type AuditEntry } from './audit-log.ts';
