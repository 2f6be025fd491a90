/** A bulk message's state, in staff's words. */
import type { MessageStatus } from "../../domain/member-messages";

export const MESSAGE_STATUS_WORDS: Record<MessageStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};
