// The Worker isolate's heap, for `npm run bench:scale`: workerd has no memory API a Worker can
// call, so the bench asks V8 through the inspector (Miniflare's inspectorPort) for the isolate's
// used heap every few milliseconds while a job runs, and keeps the peak. Cloudflare's 128 MB is
// per isolate, so the isolate's peak while the job's invocations run is the figure to hold
// against it. Sampling can miss a spike shorter than the interval: the figure is a lower bound.

const INTERVAL_MS = 10;

/** Connects to the user Worker's isolate on `inspectorPort`. */
export async function connectHeapSampler(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => t.id.startsWith("core:user:"));
  if (!target) throw new Error(`No Worker isolate among the inspector's targets (${targets.map((t) => t.id).join(", ")})`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("Could not connect to the Worker's inspector")), { once: true });
  });
  let id = 0;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const usedHeap = async () => (await call("Runtime.getHeapUsage")).usedSize;
  /** A collection is answered only once the isolate is free to run it: wait a little, not forever. */
  const collectGarbage = () => Promise.race([call("HeapProfiler.collectGarbage"), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  await call("HeapProfiler.enable");

  let timer = null;
  let peak = 0;
  let samples = 0;
  return {
    /** Collects garbage, then samples until stop(); returns the heap in use after collection. */
    async start() {
      await collectGarbage();
      const baseline = await usedHeap();
      peak = baseline;
      samples = 0;
      const sample = async () => {
        try {
          peak = Math.max(peak, await usedHeap());
          samples += 1;
        } catch {
          // the isolate is busy restarting or gone: the next sample tells
        }
        if (timer) timer = setTimeout(sample, INTERVAL_MS);
      };
      timer = setTimeout(sample, INTERVAL_MS);
      return baseline;
    },
    /** Stops sampling; the peak used heap seen since start(). */
    stop() {
      clearTimeout(timer);
      timer = null;
      return { peakBytes: peak, samples };
    },
    close: () => socket.close(),
  };
}
