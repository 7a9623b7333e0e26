import { csvText } from '../../../contract/csv';
import type { ReportSection } from './report-columns';

/** Each section: its title on a line of its own, then its header and rows; a blank line between. */
export function reportsCsv(sections: readonly ReportSection[]): string {
  return sections.map((s) => csvText([s.title], []) + csvText(s.header, s.rows)).join('\r\n');
}
