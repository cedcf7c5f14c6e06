/** The audit log (DESIGN §4): every feature writes to it through `writeAudit`, with the request's actor. */
export { auditRead, auditRow, writeAudit, type AuditEntry } from './audit-log.ts';
