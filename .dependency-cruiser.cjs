// Import boundaries of the code (docs/design.md, docs/decisions.md "Import boundaries"),
// checked by `npm run check:boundaries`. Type-only imports count: a layer that needs another's
// types depends on it as much as one that calls it.

/** Every kind of npm package a file may name (versus a file of ours, a Node built-in, or nothing found). */
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown']

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'src/domain holds the pure rules: it imports other domain files and npm packages (big.js), nothing else of ours and no Node built-ins.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/', dependencyTypesNot: NPM },
    },
    {
      name: 'contracts-only-contracts-and-domain',
      comment:
        'src/contracts (the shapes of the API) import only other contracts, the domain and npm packages.',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { pathNot: '^src/(contracts|domain)/', dependencyTypesNot: NPM },
    },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only; shared shapes live in src/contracts.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server never imports the web app; shared shapes live in src/contracts.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'feature-not-other-feature',
      comment:
        "A web feature does not reach into another feature's files: what two features share moves to src/web/components or src/web/lib.",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'components-not-features',
      comment: 'Shared components are used by features, never the other way round.',
      severity: 'error',
      from: { path: '^src/web/components/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'http-not-modules',
      comment:
        'src/server/http is the plumbing every module uses (errors, session, CSRF, pages); what it needs of a module is passed in from app.ts.',
      severity: 'error',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'modules-meet-through-services',
      comment:
        "A module (src/server/modules/<m>) uses another module only through that module's *.service.ts files: its repositories, SQL and helpers stay its own. A module's tests may set up another's rows directly.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '\\.service\\.ts$'] },
    },
    {
      name: 'cart-tables-written-by-the-cart-module',
      comment:
        "carts and cart_items are the cart module's: orders and offers take, empty and give back cart lines through cart.service. The staff's view of carts (customer-carts) only reads them.",
      severity: 'error',
      from: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/(cart|customer-carts)/', '\\.test\\.ts$'],
      },
      to: { path: '^src/server/db/schema/carts\\.ts$' },
    },
    {
      name: 'integrations-and-db-below-http-and-modules',
      comment:
        'src/server/integrations (mail, payment gateways) and src/server/db are used by the modules and http, never the reverse. The one exception, db/seed using services, is the next rule.',
      severity: 'error',
      from: { path: '^src/server/(integrations|db)/', pathNot: '^src/server/db/seed/' },
      to: { path: '^src/server/(http|modules)/' },
    },
    {
      name: 'seed-not-http',
      comment: 'The demo data goes in through the services, never through http.',
      severity: 'error',
      from: { path: '^src/server/db/seed/' },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'seed-uses-services',
      comment:
        "The demo data goes in through the modules' services (*.service.ts), which own the rules and transactions, never through their repositories or internals.",
      severity: 'error',
      from: { path: '^src/server/db/seed/' },
      to: { path: '^src/server/modules/', pathNot: '\\.service\\.ts$' },
    },
    {
      name: 'src-stays-in-src',
      comment:
        'The application imports nothing of the repository outside src (scripts, tests, bench, configs).',
      severity: 'error',
      from: { path: '^src/' },
      to: { pathNot: '^src/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: they hide which layer depends on which and break module start-up order.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Count `import type` too: the compiled JavaScript drops them, the layering does not.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
