/** The member import's jobs-queue consumer, by hand, for tests that upload files as staff do. */
import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import type { JobQueueMessage } from "../../../src/env";
import worker from "../../../src/index";

export const importPhaseOf = async (importId: number) =>
  (await env.DB.prepare("SELECT phase FROM member_imports WHERE id = ?1").bind(importId).first<{ phase: string }>())?.phase;

/** The Worker's queue handler with one message for the import, until it has stopped moving (finished, or waiting for its mapping). */
export async function finishImport(importId: number): Promise<string> {
  for (let invocation = 0; invocation < 400; invocation++) {
    const phase = await importPhaseOf(importId);
    if (phase !== "checking" && phase !== "writing") return phase!;
    const batch = createMessageBatch<JobQueueMessage>("guildhall-jobs", [
      { id: `import-${importId}-${invocation}`, timestamp: new Date(), attempts: 1, body: { job: "member-import", importId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await waitOnExecutionContext(ctx);
  }
  throw new Error(`Import ${importId} did not finish`);
}

/** The import a response to an upload (or a mapping) sends staff to. */
export const importIdIn = (response: Response) => Number(/\/staff\/members\/import\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
