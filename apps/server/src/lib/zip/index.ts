/**
 * The one ZIP writer (`writeZip`, a student's own data) and the one ZIP reader: a central directory read with every offset and length checked against the
 * file, entry count and inflated size capped, zip bombs and names that climb out of a folder
 * refused. The spreadsheet reader checks a workbook with it before exceljs opens it; the
 * report-card upload reads its PDFs with it.
 */
export { openZip, unsafeEntryName, ZipRefused, type OpenZipOptions, type UnsafeName, type ZipArchive, type ZipEntry, type ZipLimits } from './zip-reader.ts';
export { writeZip, type ZipFile } from './zip-writer.ts';
