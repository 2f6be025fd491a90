/**
 * The layer rules (docs/decisions/0001), checked by `npm run check:layers` in CI:
 *   routes -> services -> adapters; the composition root (src/wiring, decision 0051) builds every
 *   service from adapters and is attached by middleware; views render what they are given; shared
 *   and domain are pure and import nothing environment-specific; browser code (client/) imports
 *   only src/shared and src/domain.
 */
/** The member area's route modules (src/member-area.ts mounts them; decision 0076). */
const MEMBER_ROUTES = "^src/routes/(user-[^/]+|account|email-change|directory)\\.tsx?$";
/** The public sections' route modules (src/sections-area.ts mounts them; decision 0076). */
const SECTION_ROUTES = "^src/routes/(events|webinars|cart|cart-checkout|join|find-a-practitioner)\\.tsx?$";

/**
 * A module the app may import with a dynamic import() only: a static import from anywhere would
 * put it back into what the Worker loads at start-up (decisions 0067 and 0076).
 */
const loadedOnFirstUse = (name, file, what) => ({
  name,
  comment: `The app imports ${what} with a dynamic import() only, so it stays out of start-up.`,
  severity: "error",
  from: { path: "^src/" },
  to: { path: `^src/${file.replace(".", "\\.")}$`, dependencyTypesNot: ["dynamic-import"] },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "routes-not-adapters",
      comment: "Routes parse input, call a service and render; the outside world is the services' business.",
      severity: "error",
      from: { path: "^src/routes/" },
      to: { path: "^src/adapters/" },
    },
    {
      name: "routes-only-routes",
      comment: "src/routes holds route modules only: nothing else imports them but the app (the member area's, src/member-area.ts; the staff area's, src/staff-area.ts; the public sections', src/sections-area.ts).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/app\\.ts$" },
      to: { path: "^src/routes/", pathNot: ["^src/routes/staff-", MEMBER_ROUTES, SECTION_ROUTES, "^src/routes/stripe-webhook\\.ts$"] },
    },
    {
      name: "section-routes-in-the-sections-area",
      comment: "The public sections' route modules (events, webinars, the cart and checkout, joining, Find a practitioner) are mounted by src/sections-area.ts alone, so their pages and views stay out of start-up (decision 0076).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/sections-area\\.ts$" },
      to: { path: SECTION_ROUTES },
    },
    loadedOnFirstUse("sections-area-loaded-on-first-use", "sections-area.ts", "the public sections (src/sections-area.ts)"),
    {
      name: "stripe-webhook-in-its-area",
      comment: "Stripe's webhook is mounted by src/stripe-webhook-area.ts and its services built by that area's wiring alone, so they stay out of start-up; the app imports the area with a dynamic import() only (decision 0076).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/stripe-webhook-area\\.ts$"] },
      to: { path: ["^src/routes/stripe-webhook\\.ts$", "^src/wiring/stripe-webhook\\.ts$"], dependencyTypesNot: ["type-only"] },
    },
    loadedOnFirstUse("stripe-webhook-area-loaded-on-first-use", "stripe-webhook-area.ts", "Stripe's webhook area (src/stripe-webhook-area.ts)"),
    {
      name: "member-routes-in-the-member-area",
      comment: "The member area's route modules are mounted by src/member-area.ts alone, so they stay out of what the Worker loads at start-up (decision 0076).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/member-area\\.ts$" },
      to: { path: MEMBER_ROUTES },
    },
    {
      name: "member-area-services-in-the-lazy-areas",
      comment: "The member area's own services are built by the member area's chunk and, for staff's pages, the staff area's wiring; imported anywhere else they would be back in start-up (decision 0076).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/member-area\\.ts$", "^src/wiring/member-area\\.ts$", "^src/wiring/staff-area\\.ts$"] },
      to: { path: "^src/wiring/member-area\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "area-wiring-in-the-lazy-areas",
      comment: "Wiring only the member and staff areas use (privacy, vetting, staff's applications, the staff team) is imported by their wiring alone, never by the public site's (decision 0076).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/wiring/member-area\\.ts$", "^src/wiring/staff-area\\.ts$"] },
      to: { path: "^src/wiring/(privacy|vetting|applications|staff)\\.ts$" },
    },
    loadedOnFirstUse("member-area-loaded-on-first-use", "member-area.ts", "the member area (src/member-area.ts)"),
    {
      name: "staff-routes-in-the-staff-area",
      comment: "The staff area's route modules are mounted by src/staff-area.ts alone, so they stay out of what the Worker loads at start-up (decision 0067).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/staff-area\\.ts$" },
      to: { path: "^src/routes/staff-" },
    },
    {
      name: "staff-area-services-in-the-staff-area",
      comment: "The staff area's own services are built by the staff area's chunk alone; imported anywhere else they would be back in start-up (decision 0067).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/staff-area\\.ts$", "^src/wiring/staff-area\\.ts$"] },
      to: { path: "^src/wiring/staff-area\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    loadedOnFirstUse("background-loaded-on-first-use", "background.ts", "the cron and queue work (src/background.ts)"),
    loadedOnFirstUse("staff-area-loaded-on-first-use", "staff-area.ts", "the staff area (src/staff-area.ts)"),
    {
      name: "services-not-web",
      comment: "Services hold the rules and orchestration, with no knowledge of HTTP, routes or views.",
      severity: "error",
      from: { path: "^src/services/" },
      to: { path: ["^src/routes/", "^src/middleware/", "^src/views/", "^src/wiring/", "^src/http/", "^src/app\\.ts$", "^node_modules/hono/"] },
    },
    {
      name: "only-wiring-and-services-reach-adapters",
      comment: "Adapters are built by the composition root (src/wiring) and used by services; routes, middleware, views and the entry points get services.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(services|wiring|adapters)/" },
      // Their types may be named elsewhere (a configuration shape, a lazily loaded module's).
      to: { path: "^src/adapters/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "wiring-only-wires",
      comment: "The composition root builds services from adapters: it knows nothing of HTTP, routes or views.",
      severity: "error",
      from: { path: "^src/wiring/" },
      to: { path: ["^src/routes/", "^src/middleware/", "^src/views/", "^src/http/", "^src/app\\.ts$", "^node_modules/hono/"] },
    },
    {
      name: "wiring-from-entry-points",
      comment: "Only the entry points reach the composition root: the Worker's cron and queue handlers (src/index.ts, src/background.ts), the member and staff areas' chunks (their own services), and the middleware that attaches it to a request.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/wiring/", "^src/index\\.ts$", "^src/background\\.ts$", "^src/member-area\\.ts$", "^src/staff-area\\.ts$", "^src/stripe-webhook-area\\.ts$", "^src/types\\.ts$", "^src/middleware/"] },
      to: { path: "^src/wiring/" },
    },
    {
      name: "entry-point-not-middleware",
      comment: "The Worker's entry point builds its cron and queue work from the wiring and takes the app whole; it does not reach into request middleware.",
      severity: "error",
      from: { path: "^src/index\\.ts$" },
      to: { path: "^src/middleware/" },
    },
    {
      name: "http-helpers-stay-small",
      comment: "src/http parses requests and shapes response headers for routes: no services, adapters, wiring or routes.",
      severity: "error",
      from: { path: "^src/http/" },
      to: { path: ["^src/services/", "^src/adapters/", "^src/wiring/", "^src/routes/", "^src/middleware/"] },
    },
    {
      name: "adapters-outward-only",
      comment: "Adapters talk to the outside world and return domain values; they never call back into the app.",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: ["^src/services/", "^src/routes/", "^src/middleware/", "^src/views/", "^src/wiring/", "^src/app\\.ts$", "^node_modules/hono/"] },
    },
    {
      name: "views-render-only",
      comment: "Views render what routes give them: no adapters, services, wiring, routes, middleware, request parsing, errors to throw or log lines to write.",
      severity: "error",
      from: { path: "^src/views/" },
      to: { path: ["^src/adapters/", "^src/services/", "^src/wiring/", "^src/routes/", "^src/middleware/", "^src/http/", "^src/errors\\.ts$", "^src/log\\.ts$", "^node_modules/hono/", "^node_modules/zod/"] },
    },
    {
      name: "pure-modules-stay-pure",
      comment: "src/domain and src/shared are pure: they import only each other (and pure libraries).",
      severity: "error",
      from: { path: "^src/(domain|shared)/" },
      to: { path: "^src/", pathNot: "^src/(domain|shared)/" },
    },
    {
      name: "shared-not-domain-only",
      comment: "Browser-safe code never depends on server-only modules.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: ["^node_modules/hono/", "^node_modules/stripe/", "^node_modules/graphql-request/", "^node_modules/jose/"] },
    },
    {
      name: "client-only-shared",
      comment: "Browser code never imports server code: only src/shared and src/domain.",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^src/", pathNot: "^src/(shared|domain)/" },
    },
    {
      name: "no-circular",
      comment: "No module depends on itself at run time (type-only cycles, like HonoEnv's, are erased).",
      severity: "error",
      from: { path: "^(src|client)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    exclude: { path: "^(dist|cms)/" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
