// Child-process helpers shared by `npm run dev`, the test setup and the bench: start a
// command with prefixed output, wait for an HTTP endpoint, and stop it cleanly.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

// Children run in their own process groups (so Ctrl-C reaches them only through stop()); make
// sure none outlives this process, whichever way it ends.
const live = new Set();
process.once("exit", () => {
  for (const child of live) signalGroup(child, "SIGKILL");
});

/**
 * Starts `command args` and prefixes each output line with `[name]`. `log` receives the
 * lines (defaults to stdout); the last 40 lines are kept for error messages.
 */
export function startProcess(name, command, args, { cwd, env, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const tail = [];
  const onData = (chunk) => {
    for (const line of chunk.toString().split(/\r?\n/)) {
      if (line.trim() === "") continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      log(`[${name}] ${line}`);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  live.add(child);
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    }),
  );
  return {
    name,
    child,
    exited,
    tail: () => tail.join("\n"),
    /** SIGTERM to the whole process group, then SIGKILL after `graceMs`. */
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(child, "SIGTERM");
      const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Polls `url` until `accept(response)` is true. Fails early, with the process's last output,
 * if `proc` exits first.
 */
export async function waitForHttp(url, { proc, timeoutMs = 120_000, accept = (r) => r.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  proc?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${proc.name} exited before ${url} answered. Last output:\n${proc.tail()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (accept(response)) return response;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.${proc ? ` Last output:\n${proc.tail()}` : ""}`);
}

/**
 * Fails at once, naming the service, when `port` is taken: otherwise a service already there
 * (another `npm run dev` or test run) would answer our readiness check in place of ours.
 */
export function assertPortFree(port, host, service) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${port} on ${host} is in use (another \`npm run dev\` or test run?); ${service} needs it.`)
          : error,
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
