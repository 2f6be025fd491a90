/**
 * What follows a change in its batch (receipts, e-mails), for unit tests of the services that
 * cause it: the real follow-up rules over a recording outbox and receipt store. The in-memory
 * stores do not run the statements; the integration tests check them against D1.
 */
import type { EmailRequest } from "../../../src/services/email/outbox";
import { createNotices } from "../../../src/services/email/notices";
import { createMembershipFollowUps, type MembershipFollowUps } from "../../../src/services/membership/follow-ups";
import type { OrderFollowUps } from "../../../src/services/orders/follow-ups";
import { createRecordingLog } from "../worker/memory-store";

const statement = (label: string) => ({ label }) as unknown as D1PreparedStatement;

/** Membership follow-ups whose messages are recorded in `emails` (kind and event), never sent. */
export function recordingMembershipFollowUps(now: () => Date): { followUps: MembershipFollowUps; emails: Pick<EmailRequest, "kind" | "event">[] } {
  const emails: Pick<EmailRequest, "kind" | "event">[] = [];
  const notices = createNotices({
    outbox: {
      prepare: (request) => (emails.push({ kind: request.kind, event: request.event }), { statements: [statement(request.kind)], ids: [`${request.kind}:${request.event}`] }),
      deliverSoon: async () => undefined,
    },
    waitUntil: () => undefined,
    log: createRecordingLog().log,
  });
  const followUps = createMembershipFollowUps({
    receipts: { issue: () => statement("receipt"), numberOf: () => ({ select: "SELECT NULL", params: [] }) },
    notices,
    offlinePaymentInstructions: "Pay by bank transfer",
    graceDays: 30,
    now,
    staff: { addressesWithRoles: async () => ["staff@guild.example"] },
    seededStaffEmails: [],
  });
  return { followUps, emails };
}

/** Order follow-ups that write nothing. */
export const NO_ORDER_FOLLOW_UPS: Pick<OrderFollowUps, "granted" | "paid" | "deliverSoon"> = {
  granted: async () => ({ statements: [], ids: [] }),
  paid: async () => ({ statements: [], ids: [] }),
  deliverSoon: () => undefined,
};
