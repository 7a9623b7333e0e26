import PDFDocument from 'pdfkit';
import type { CsvValue } from '../../../contract/csv';
import type { ReportSection } from './report-columns';

const HEADER_FONT = { src: 'Helvetica-Bold' };

const cellText = (value: CsvValue): string => (value === null || value === undefined ? '' : String(value));

/**
 * A landscape A4 PDF: a title, the filters it was made with, then one table per section.
 * `compress: false` keeps the text streams readable (tests, and tools that grep PDFs).
 */
export function reportsPdf(sections: readonly ReportSection[], subtitle: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.info.Title = 'HeatSignal report';
  doc.font('Helvetica-Bold').fontSize(16).text('HeatSignal report');
  doc.font('Helvetica').fontSize(9).text(subtitle).moveDown();
  for (const section of sections) {
    doc.font('Helvetica-Bold').fontSize(12).text(section.title).moveDown(0.3);
    doc.font('Helvetica').fontSize(8);
    if (section.rows.length === 0) {
      doc.text(`No ${section.title} available`).moveDown();
      continue;
    }
    doc.table({
      // id, …, createdAt hold fixed-width text that should not wrap.
      columnStyles: [170, '*', 60, 70, '*', '*', 120],
      data: [
        section.header.map((text) => ({ text, font: HEADER_FONT, type: 'TH' as const })),
        ...section.rows.map((row) => row.map(cellText)),
      ],
    });
    doc.moveDown();
  }
  doc.end();
  return done;
}
