/**
 * The GraphQL libraries the CMS client needs, as a lazily loaded module (src/lazy-modules.ts,
 * scripts/build-worker-modules.mjs): graphql-request and the parser and printer the draft preview
 * rewrites queries with. Only a cache miss or a preview talks to the CMS, so a page served from
 * the cache never loads them. Nothing here holds app state.
 */
export { ClientError, GraphQLClient } from "graphql-request";
export { asDraftQuery } from "./draft-documents";
