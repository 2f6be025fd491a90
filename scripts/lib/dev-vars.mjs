// Reads the Worker's local secrets (.dev.vars, created from .dev.vars.example by postinstall)
// so the local CMS's API token and webhook secret always match what the Worker expects.
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function readDevVars(root) {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) copyFileSync(join(root, ".dev.vars.example"), file);
  const vars = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  for (const name of ["CMS_TOKEN", "CACHE_PURGE_SECRET"]) {
    if (!vars[name]) throw new Error(`${file} has no ${name}; compare it with .dev.vars.example`);
  }
  return vars;
}
