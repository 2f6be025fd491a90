// The Worker's main module, gzipped, may be at most this many bytes. CI checks it
// (test/production/production-bundle.test.ts) and `npm run bench` prints the figure beside it.
// What start-up needs stays in the main module; what only some requests need is a lazily loaded
// module (src/lazy-modules.ts): the Markdown pipeline, the e-mail renderer, the Stripe SDK and
// the GraphQL client. Raise the budget only with a reason in the commit that does.
export const MAIN_MODULE_GZIP_BUDGET_BYTES = 310 * 1024;
