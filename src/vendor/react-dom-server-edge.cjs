// `react-dom/server.edge` without its second half. The package's entry also loads the legacy
// browser renderer (renderToString, renderToStaticMarkup: about 100 KB minified) as CommonJS,
// which no bundler can drop, and the Worker only streams (renderToReadableStream). wrangler.toml
// [alias] points the Worker's bundle here; the package's `exports` map hides its cjs/ files, so
// they are reached by path. The e-mail renderer (a lazily loaded module) keeps its own copy.
"use strict";

module.exports =
  process.env.NODE_ENV === "production"
    ? require("../../node_modules/react-dom/cjs/react-dom-server.edge.production.js")
    : require("../../node_modules/react-dom/cjs/react-dom-server.edge.development.js");
