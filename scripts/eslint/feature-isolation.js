import path from 'node:path';

/**
 * Web features never import each other: a relative import from src/web/features/<a>/ that resolves
 * into src/web/features/<b>/ is reported. Resolving the path makes the rule independent of depth.
 */
const FEATURES = `${path.sep}src${path.sep}web${path.sep}features${path.sep}`;

function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

export const featureIsolation = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cross: "web feature '{{from}}' must not import feature '{{to}}'" },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.')) return;
        const to = featureOf(path.resolve(path.dirname(context.filename), spec));
        if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
      },
    };
  },
};
