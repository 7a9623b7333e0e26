import path from 'node:path';

/**
 * Web features never reach into each other: a relative import from src/web/features/<a>/ that
 * resolves into src/web/features/<b>/ is reported, unless it is <b>'s public entry (its folder or
 * its index), which is what a feature offers to others (e.g. the pair-details modal). Resolving the
 * path makes the rule independent of depth.
 */
const FEATURES = `${path.sep}src${path.sep}web${path.sep}features${path.sep}`;

function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

function isPublicEntry(file, feature) {
  const inside = file.slice(file.indexOf(FEATURES) + FEATURES.length + feature.length);
  return inside === '' || /^[\\/]index(\.tsx?)?$/.test(inside);
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
        const target = path.resolve(path.dirname(context.filename), spec);
        const to = featureOf(target);
        if (to && to !== from && !isPublicEntry(target, to)) {
          context.report({ node, messageId: 'cross', data: { from, to } });
        }
      },
    };
  },
};
