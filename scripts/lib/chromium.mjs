// Debian's Chromium, offline: the executable and the flags a machine without internet needs (no background
// networking, no component updates, no sync, no first-run UI). Shared by the browser tests and
// the Lighthouse script.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
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

/** The offline flags, and nothing but loopback: every other host name fails to resolve. */
export const LOOPBACK_ONLY_CHROMIUM_FLAGS = Object.freeze([...CHROMIUM_FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]);

/**
 * Starts Chromium with a remote-debugging port (Lighthouse drives it over CDP) and an empty
 * profile (Lighthouse's way in; playwright's browser has no port); resolves once it prints its
 * DevTools address, with the port, the browser's version and `stop()`.
 */
export function launchDebuggableChromium(profileDir, flags = CHROMIUM_FLAGS) {
  mkdirSync(profileDir, { recursive: true });
  const child = spawn(
    CHROMIUM_PATH,
    [...flags, `--user-data-dir=${profileDir}`, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  process.once("exit", () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Chromium did not start within 30 s:\n${output}`));
    }, 30_000);
    child.stderr.on("data", async (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stderr.removeAllListeners("data");
      child.stderr.resume();
      const port = Number(match[1]);
      const info = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json()).catch(() => ({}));
      resolve({ port, version: info.Browser ?? null, stop });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it was ready:\n${output}`));
    });
  });
}
