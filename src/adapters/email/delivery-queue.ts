/** The e-mail delivery queue's producer (wrangler.toml [[queues.producers]] EMAIL_QUEUE). */
import type { EmailQueueMessage } from "../../env";

export interface DeliveryQueue {
  /** Puts outbox message ids on the queue, to be delivered after `delaySeconds` (0: now). */
  enqueue(ids: readonly string[], delaySeconds?: number): Promise<void>;
}

/** Cloudflare Queues takes at most 100 messages per sendBatch. */
const BATCH_LIMIT = 100;

export function createDeliveryQueue(queue: Queue<EmailQueueMessage>): DeliveryQueue {
  return {
    async enqueue(ids, delaySeconds = 0) {
      for (let start = 0; start < ids.length; start += BATCH_LIMIT) {
        const chunk = ids.slice(start, start + BATCH_LIMIT);
        await queue.sendBatch(chunk.map((id) => ({ body: { id }, ...(delaySeconds > 0 ? { delaySeconds } : {}) })));
      }
    },
  };
}
