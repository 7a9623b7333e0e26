/**
 * `npx tsx e2e/support/make-template.ts`: takes the template data folder (template-data.ts) and
 * prints its path, for `npm test` to give the browser runs it starts side by side
 * (E2E_TEMPLATE_DIR), which then share one first market sync. The server bundle must be built.
 */
import { startTemplateServer } from './template-data';

const template = await (await startTemplateServer()).finish();
process.stdout.write(`${template.dir}\n`);
