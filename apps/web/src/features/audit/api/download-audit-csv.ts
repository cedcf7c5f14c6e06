import { downloadFile } from '../../../api/download-file.ts';
import { auditSearch, type AuditFilters } from './get-audit-log.ts';

/** GET /api/audit/csv: every entry that matches the filters (the page aside), saved as a CSV file. */
export const downloadAuditCsv = ({ page: _page, ...filters }: AuditFilters, fileName: string) =>
  downloadFile(`/api/audit/csv?${auditSearch(filters)}`, fileName);
