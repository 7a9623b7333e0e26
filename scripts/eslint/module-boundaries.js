import fs from 'node:fs';
import path from 'node:path';

/**
 * Server module boundaries (STYLE.md: routes → service → repo; another module only through its
 * service). Paths are resolved from the importing file, so the rules do not depend on depth.
 *
 * - `module-imports`: a file in src/server/modules/<a>/ may import from src/server/modules/<b>/
 *   only `<b>/*.service.ts` files, a read side's queries (`*.query.ts` in READ_SIDES, read-only by
 *   their ReadDb type), or anything as `import type` (types carry no behaviour).
 * - `table-owner`: only `*.repo.ts` files (and src/server/db/) import values from the db schema,
 *   and a repo only the tables its own module owns (OWNERS below). The exception is the read
 *   sides: `*.query.ts` files in READ_SIDES may import any module's tables, to join and sort them
 *   in the database (they cannot write: STYLE.md). Type-only imports are free.
 *
 * Tests (`*.test.ts`) and test helpers (`testing/`, `testdata/`) may seed and inspect any table:
 * they are not production paths.
 */
const SEP = path.sep;
const MODULES = `${SEP}src${SEP}server${SEP}modules${SEP}`;
const DB = `${SEP}src${SEP}server${SEP}db${SEP}`;
const SCHEMA = `${DB}schema`;
/**
 * The read sides: the back office's lists, what an accept checks (one statement across the
 * offers, candles, balances and trades it judges), and a trader's own account seen whole (their
 * data export, and what is left in it before a deletion).
 */
const READ_SIDES = ['admin', 'trading', 'account'].map((module) => `${MODULES}${module}${SEP}queries${SEP}`);

/** A query of a read side (a file, or an import of one with or without its extension). */
const isReadSideQuery = (file) =>
  READ_SIDES.some((folder) => file.includes(folder)) && /\.query(\.ts|\.js)?$/.test(file);

/** Schema file → the module that owns every table defined in it. */
export const OWNERS = {
  auth: 'auth',
  market: 'market',
  triggers: 'triggers',
  analysis: 'analysis',
  offers: 'offers',
  trading: 'trading',
  payments: 'payments',
  ledger: 'ledger',
  settings: 'settings',
  preferences: 'preferences',
  logs: 'logs',
  referrals: 'referrals',
  contact: 'contact',
  'signal-quality': 'signal-quality',
  'track-record': 'track-record',
  reconciliation: 'trading',
  billing: 'billing',
  'api-keys': 'auth',
  notifications: 'notifications',
  webhooks: 'webhooks',
  telegram: 'telegram',
};

const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || file.includes(`${SEP}testing${SEP}`) || file.includes(`${SEP}testdata${SEP}`);

function moduleOf(file) {
  const at = file.indexOf(MODULES);
  if (at < 0) return null;
  return file.slice(at + MODULES.length).split(SEP)[0] ?? null;
}

function resolveSpec(file, spec) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return null;
  return path.resolve(path.dirname(file), spec);
}

/** True when nothing of the import survives compilation (`import type`, or only `type` specifiers). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

function importNodes(visit) {
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: (node) => node.source && visit(node),
    ExportAllDeclaration: visit,
  };
}

export const moduleImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internal:
        "module '{{from}}' may import from module '{{to}}' only its *.service.ts or types (import type), not '{{file}}'",
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from || isTestFile(file)) return {};
    return importNodes((node) => {
      const target = resolveSpec(file, node.source.value);
      const to = target && moduleOf(target);
      if (!to || to === from || typeOnly(node)) return;
      const base = path.basename(target).replace(/\.(ts|js)$/, '');
      if (base.endsWith('.service') || isReadSideQuery(target)) return;
      context.report({ node, messageId: 'internal', data: { from, to, file: base } });
    });
  },
};

let tableOwners = null;
/** Exported table name → owning module, read from the schema files (`export const x = pgTable(`). */
function loadTableOwners(schemaDir) {
  if (tableOwners) return tableOwners;
  tableOwners = new Map();
  for (const [name, owner] of Object.entries(OWNERS)) {
    const source = path.join(schemaDir, `${name}.ts`);
    if (!fs.existsSync(source)) continue;
    for (const match of fs.readFileSync(source, 'utf8').matchAll(/export const (\w+) = pgTable\(/g))
      tableOwners.set(match[1], owner);
  }
  return tableOwners;
}

export const tableOwner = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      notRepo:
        'only *.repo.ts files (and the read sides, admin/, trading/ and account/queries/*.query.ts) read or write tables; go through a repo (or import type)',
      foreign: "table '{{table}}' belongs to module '{{owner}}': use its service, not its table",
      namespace: 'import the tables you own by name, not the whole schema',
    },
  },
  create(context) {
    const file = context.filename;
    if (file.includes(DB) || isTestFile(file)) return {};
    const from = moduleOf(file);
    return importNodes((node) => {
      const target = resolveSpec(file, node.source.value);
      const whole = target?.endsWith(SCHEMA);
      if (!target || !(whole || target.includes(`${SCHEMA}${SEP}`))) return;
      if (typeOnly(node) || isReadSideQuery(file)) return;
      if (!/\.repo\.ts$/.test(file)) {
        context.report({ node, messageId: 'notRepo' });
        return;
      }
      if (node.type === 'ExportAllDeclaration') {
        context.report({ node, messageId: 'namespace' });
        return;
      }
      const owners = loadTableOwners(whole ? target : path.dirname(target));
      for (const spec of node.specifiers ?? []) {
        if (spec.type === 'ImportNamespaceSpecifier') {
          context.report({ node, messageId: 'namespace' });
          continue;
        }
        if (spec.importKind === 'type') continue;
        const table = spec.imported?.name ?? spec.local?.name;
        const owner = owners.get(table);
        if (owner && owner !== from)
          context.report({ node: spec, messageId: 'foreign', data: { table, owner } });
      }
    });
  },
};
