// Debian's Chromium, offline: the executable and the flags a machine without internet needs (no background
// networking, no component updates, no sync, no first-run UI). Shared by the browser tests and
// the Lighthouse script.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = Object.freeze([
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]);
