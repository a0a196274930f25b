/**
 * The layer order of apps/api/src, drawn in docs/architecture.md. A module imports only from its
 * own layer or one below; domains (and composition folders) do not import one another (a reaction in another domain is a
 * hook app.ts wires), save the reads listed in `neighbourReads`; nothing forms a circle.
 * Checked by `pnpm --filter @site/api depcheck` (in lint, and in .ci/run).
 */
const folders = (...names) => `^src/(${names.join('|')})/`;
const domainNames = [
  'commerce',
  'forms',
  'mailing-lists',
  'member-areas',
  'site-users',
  'collections',
  'blog',
  'analytics',
  'tracking',
  'multilingual',
  'payments',
  'reviews',
  'address-autocomplete',
  'donations',
  'video-metadata',
  'visitor-recordings',
  'photo-feeds',
];

const compositionNames = ['pages', 'store-admin', 'editor'];

const layers = {
  infrastructure: `${folders('db', 'http', 'security', 'jobs', 'mail', 'health')}|^src/(config|paths|redis)\\.ts$`,
  siteWide: folders('sites', 'site', 'files', 'tags', 'redirects', 'webhooks', 'activity'),
  domains: folders(...domainNames),
  composition: folders(...compositionNames),
  top: `${folders('docs', 'seed')}|^src/(app|main)\\.ts$`,
};
const order = ['infrastructure', 'siteWide', 'domains', 'composition', 'top'];

/**
 * Reads between neighbours that stand: a customer's account shows their orders, a confirmed
 * payment completes its order (or donation), a paid member area is sold through the store, a summary block lists posts, the product preview renders the storefront's page.
 */
const neighbourReads = {
  'site-users': ['commerce'],
  payments: ['commerce', 'donations'],
  donations: ['commerce'],
  'member-areas': ['commerce'],
  collections: ['blog'],
  'store-admin': ['pages'],
};

const upward = order.slice(0, -1).map((layer, i) => ({
  name: `${layer}-imports-upward`,
  severity: 'error',
  from: { path: layers[layer] },
  to: {
    path: order
      .slice(i + 1)
      .map((above) => layers[above])
      .join('|'),
  },
}));

/** Folders of one layer stay side by side: each may import only its own folder and its listed reads. */
const sideBySide = (layer, names, comment) =>
  names.map((name) => ({
    name: `${layer}-imports-${layer}`,
    severity: 'error',
    comment,
    from: { path: folders(name) },
    to: { path: layers[layer], pathNot: folders(name, ...(neighbourReads[name] ?? [])) },
  }));

const acrossDomains = [
  ...sideBySide(
    'domains',
    domainNames,
    'A reaction in another domain goes through a hook app.ts wires (site/hooks.ts).',
  ),
  ...sideBySide('composition', compositionNames, 'What two screens share belongs a layer down.'),
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two modules that need each other are one module, or a hook is missing.',
      from: {},
      to: { circular: true },
    },
    ...upward,
    ...acrossDomains,
    {
      name: 'unlayered',
      severity: 'error',
      comment: 'Every module of src/ has a place in the layer order: a new folder is added to this file.',
      from: { path: '^src/', pathNot: [...order.map((l) => layers[l]), '\\.test\\.ts$'].join('|') },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
