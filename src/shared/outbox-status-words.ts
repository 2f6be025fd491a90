/** An outbox message's status in staff's words: on their pages, and in the errors "send again" answers with. */
import type { OutboxStatus } from "../domain/email";

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  retry: "Waiting to retry",
  sent: "Sent",
  failed: "Failed",
  suppressed: "Not sent (unsubscribed)",
};
