import { csvCell, csvText } from '../../../contract/csv';
import type { ReportSection } from './report-columns';

/**
 * The line that closes a section the download cut short. It sits right under the last row, where
 * a spreadsheet user scrolling down sees that the table goes on; a '#' comment line would be
 * shown as a data row by spreadsheets anyway, and a note at the top is easy to miss.
 */
export const truncationNote = (section: ReportSection): string =>
  `Truncated: showing the first ${section.rows.length} of ${section.total} ${section.title} rows. ` +
  'Narrow the time range or filters to download the rest.';

function sectionCsv(section: ReportSection): string {
  const table = csvText([section.title], []) + csvText(section.header, section.rows);
  return section.rows.length < section.total ? `${table}${csvCell(truncationNote(section))}\r\n` : table;
}

/** Each section: its title on a line of its own, then its header and rows; a blank line between. */
export function reportsCsv(sections: readonly ReportSection[]): string {
  return sections.map(sectionCsv).join('\r\n');
}
