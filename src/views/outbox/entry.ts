import type { EmailKind, OutboxStatus } from "../../domain/email";

/** What the outbox screens show of a message. */
export interface OutboxEntry {
  id: string;
  kind: EmailKind;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}
