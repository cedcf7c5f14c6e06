/**
 * The PDF toolkit: every document the portal prints (registration forms, report cards, the
 * attendance report, the admin's reports) is a `schoolDocument` rendered by `renderPdf`.
 *
 *   const definition = schoolDocument({ schoolName, title, timeZone, pageSize: pageSizes.standard,
 *     content: [{ text: 'Marks', style: 'heading' }, dataTable(columns, rows)] });
 *   reply.type('application/pdf').send(await renderPdf(definition));
 */
export {
  MAX_PER_SESSION,
  MAX_STAFF_WAITING,
  MAX_WAITING,
  PrintingBusy,
  PrintingStopped,
  printedFor,
  printerState,
  renderPdf,
  renderPdfStream,
  StillPreparing,
  stopPrinting,
  type PrintRequester,
} from './printer.ts';
export { CREST_IMAGE } from './crest.ts';
export { contentWidth, DASH, pageSizes, pdfColours, schoolDocument, type SchoolDocument, type SchoolDocumentOptions, type SchoolPageSize } from './layout.ts';
export { dataTable, labelValueTable, type DataColumn } from './tables.ts';
export type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
