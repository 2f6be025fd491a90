import type { EmailKind } from "../../domain/email";
import type { OutboxStatusName } from "./labels";

/** What the outbox screens show of a message. */
export interface OutboxEntry {
  id: string;
  kind: EmailKind;
  recipient: string;
  subject: string;
  status: OutboxStatusName;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}
