// How a bench Worker's workerd process is doing, and how it ended. Miniflare passes on only the
// structured (JSON) lines workerd prints, so a fatal error's own words (V8's "Fatal error", a
// KJ assertion, "Received signal") were dropped, and Miniflare quietly started a fresh runtime
// with an empty in-memory D1: a size's seeding then failed some seconds later with nothing
// saying why. This module notes each workerd process Miniflare spawns, keeps the last lines of
// its plain output, samples its resident memory from /proc, and records its exit code or signal,
// so the bench can say "the runtime ended with SIGKILL after 312 s at 1.9 GB" and stop there.
import childProcess from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

const TAIL_LINES = 30;
const SAMPLE_MS = 2_000;
/** Every workerd process spawned since install(), oldest first. */
const runtimes = [];
let installed = false;

/**
 * Wraps child_process.spawn once so every workerd process started from now on is watched.
 * Miniflare (CommonJS) looks `spawn` up on the module object at each call, so the wrapper
 * sees its spawns; nothing else is changed.
 */
function install() {
  if (installed) return;
  installed = true;
  const spawn = childProcess.spawn;
  childProcess.spawn = function watchedSpawn(command, ...rest) {
    const child = spawn.call(this, command, ...rest);
    if (/workerd/.test(String(command))) runtimes.push(watch(child));
    return child;
  };
}

function watch(child) {
  const runtime = { pid: child.pid, startedMs: Date.now(), peakRssBytes: 0, tail: [], exit: null, expected: false };
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      // Structured lines reach the bench through Miniflare already.
      if (line.trim() && !line.startsWith("{")) runtime.tail.push(line.slice(0, 500));
    }
    runtime.tail.splice(0, Math.max(0, runtime.tail.length - TAIL_LINES));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const timer = setInterval(() => {
    runtime.peakRssBytes = Math.max(runtime.peakRssBytes, rssBytes(child.pid));
  }, SAMPLE_MS);
  timer.unref();
  runtime.ended = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      clearInterval(timer);
      runtime.exit = { code, signal, atMs: Date.now(), hostFreeBytes: os.freemem() };
      resolve(runtime);
    }),
  );
  return runtime;
}

/** A process's resident memory, from /proc (0 where there is none). */
function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Call before creating a Miniflare instance; `started()` afterwards returns the runtime it
 * spawned (or null when none was seen).
 */
export function watchNextRuntime() {
  install();
  const from = runtimes.length;
  return { started: () => runtimes[from] ?? null };
}

/** The runtime's current resident memory and its peak so far. */
export function runtimeMemory(runtime) {
  const now = runtime.exit ? 0 : rssBytes(runtime.pid);
  runtime.peakRssBytes = Math.max(runtime.peakRssBytes, now);
  return { rssBytes: now, peakRssBytes: runtime.peakRssBytes };
}

/** One line on how a runtime ended, with its last plain output: what the bench prints when a Worker dies. */
export function describeRuntimeEnd(runtime) {
  const { code, signal, atMs, hostFreeBytes } = runtime.exit;
  const gb = (bytes) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
  const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
  const why =
    signal === "SIGKILL"
      ? " (SIGKILL comes from outside: the kernel's out-of-memory killer, which logs to dmesg, or another process)"
      : signal === "SIGTERM" || signal === "SIGINT"
        ? " (a signal from another process: something on the machine stopped it)"
        : signal === "SIGTRAP" || signal === "SIGABRT" || signal === "SIGSEGV"
          ? " (the runtime crashed: V8 or workerd stopped it on a fatal error)"
          : "";
  const output = runtime.tail.length ? `; its last output:\n    ${runtime.tail.join("\n    ")}` : "; it printed nothing beyond its structured logs";
  return (
    `workerd (pid ${runtime.pid}) ${how}${why} after ${((atMs - runtime.startedMs) / 1000).toFixed(0)} s, ` +
    `at a peak of ${gb(runtime.peakRssBytes)} resident, with ${gb(hostFreeBytes)} of the machine's ${gb(os.totalmem())} free${output}`
  );
}
