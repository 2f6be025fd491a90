/**
 * Staff's bulk messages (/staff/messages): drafts kept whatever is wrong with them, the audience's
 * count, previews, a test to the writer, send now or at a time, cancel, publish to the archive,
 * and what happened. Also what delivery asks of a bulk e-mail: whether it may still go, and its
 * HTML and text for its reader.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { DeliveryEventStore } from "../../adapters/d1/email-delivery-events";
import type { DraftFields, MemberMessageStore, StoredMessage, SuppressionStore } from "../../adapters/d1/member-messages";
import type { EmailSender, Mailbox } from "../../adapters/email/email-sender";
import { type Audience, type AudienceChoices, type AudienceRegions, type EmailSuppression, type MessageDeliveryCounts, type MessageTopic } from "../../domain/member-messages";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { audienceForm, checkDraft, DraftForm, frameMessage, type CheckedDraft, type DraftProblem } from "./compose";
import type { Consents } from "./consents";
import { fanOut, fanOutDue, type FanOutDeps, type FanOutOutcome } from "./fan-out";

export interface MessagesDeps {
  store: MemberMessageStore;
  suppressions: SuppressionStore;
  /** The regions members' addresses name, in order, at most `limit` (adapters/d1/audience-regions.ts). */
  regions: (limit: number) => Promise<AudienceRegions>;
  /** Bounces and complaints reported for addresses (services/email/delivery-events.ts). */
  deliveryEvents: DeliveryEventStore;
  consents: Consents;
  audit: AuditLog;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  fanOut: FanOutDeps;
  sender: EmailSender;
  from: Mailbox;
  replyTo: Mailbox;
  site: { name: string; url: string };
  newId: () => string;
  now: () => Date;
  log: Logger;
}

/** Regions the filter lists: a society's counties or states are far fewer; past it the page says the list stops. */
const REGIONS_LISTED = 300;

export interface SaveOutcome {
  id: string;
  draft: CheckedDraft;
  /** The draft's version now: the next save names it to prove nothing came between. */
  version: number;
  savedAt: string;
}

/** A bulk e-mail in the outbox, as delivery holds it. */
export interface BulkOutboxRow {
  id: string;
  userId: string | null;
  recipient: string;
  category: string;
  subject: string;
  data: unknown;
}

const messageIdOf = (row: BulkOutboxRow): string => {
  const id = (row.data as { messageId?: unknown } | null)?.messageId;
  return typeof id === "string" ? id : "";
};

/** The message as one reader gets it: links signed for that reader, RFC 8058 headers. */
async function readerEmail(consents: Consents, siteName: string, message: StoredMessage, userId: string) {
  const subject = { userId, topic: message.topic, messageId: message.id };
  const [unsubscribeUrl, preferencesUrl, topics] = await Promise.all([consents.unsubscribeUrl(subject), consents.choicesUrl(subject), consents.topics()]);
  const topic: MessageTopic = topics.find((t) => t.slug === message.topic) ?? { slug: message.topic, label: message.topic, description: "" };
  const framed = frameMessage({ ...message, siteName, topic, unsubscribeUrl, preferencesUrl });
  // The mail client's own "unsubscribe" posts to the link (RFC 8058).
  return { ...framed, headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

export function createMessages(deps: MessagesDeps) {
  async function required(id: string): Promise<StoredMessage> {
    const message = await deps.store.byId(id);
    if (!message) throw new AppError("NOT_FOUND", "No message with this id");
    return message;
  }
  const fields = (draft: CheckedDraft): DraftFields => ({
    subject: draft.subject,
    preheader: draft.preheader,
    body: draft.body,
    bodyHtml: draft.bodyHtml,
    bodyText: draft.bodyText,
    topic: draft.topic,
    audience: draft.audience,
  });

  const forReader = (message: StoredMessage, userId: string) => readerEmail(deps.consents, deps.site.name, message, userId);

  const service = {
    topics: () => deps.consents.topics(),
    byId: required,
    list: (limit: number, after: { updatedAt: string; id: string } | null) => deps.store.list(limit, after),
    counts: (id: string): Promise<MessageDeliveryCounts> => deps.store.counts(id),
    countAudience: (topic: string, audience: Audience) => deps.store.countAudience(topic, audience, deps.now()),
    /** The regions members' addresses name, for the region filter (at most REGIONS_LISTED; `more` past that). */
    audienceRegions: (): Promise<AudienceRegions> => deps.regions(REGIONS_LISTED),

    /**
     * Checks and keeps what staff typed (a new draft when `id` is null); the problems say what stops
     * it being sent. With `expectedVersion` (the version the form was loaded with, or last saved
     * as), a save that another save overtook is refused rather than overwriting the newer words.
     */
    async save(id: string | null, body: unknown, choices: AudienceChoices, staffEmail: string, expectedVersion: number | null = null): Promise<SaveOutcome> {
      const draft = await service.read(body, choices);
      if (id === null) {
        const newId = deps.newId();
        const created = await deps.store.create(newId, fields(draft), staffEmail);
        return { id: newId, draft, version: created.version, savedAt: created.updatedAt };
      }
      await required(id);
      const saved = await deps.store.update(id, fields(draft), expectedVersion);
      if (!saved) {
        const now = await required(id);
        if (now.status !== "draft" && now.status !== "scheduled") {
          throw new AppError("CONFLICT", `This message is ${now.status === "sending" ? "being sent" : now.status}, so it can no longer be changed. Nothing has been changed.`);
        }
        throw new AppError(
          "CONFLICT",
          `This draft was saved again at ${now.updatedAt.slice(11, 16)} UTC, in another tab or by a colleague, after this page last saved it, so these changes were not saved and the newer draft is kept.`,
          { details: { version: now.version } },
        );
      }
      return { id, draft, version: saved.version, savedAt: saved.updatedAt };
    },

    /** What the form says, checked but not saved (a refused save's page shows it again, nothing lost). */
    async read(body: unknown, choices: AudienceChoices): Promise<CheckedDraft> {
      const parsed = DraftForm.safeParse(body);
      if (!parsed.success) throw new AppError("BAD_REQUEST", "The message form was not sent as the page sends it");
      return checkDraft(parsed.data, await deps.consents.topics(), choices, deps.site.url);
    },

    /** What the stored draft would send, and what stops it. */
    async check(id: string, choices: AudienceChoices): Promise<{ message: StoredMessage; problems: DraftProblem[]; audience: number }> {
      const message = await required(id);
      const draft = checkDraft(
        DraftForm.parse({ subject: message.subject, preheader: message.preheader, body: message.body, topic: message.topic, ...audienceForm(message.audience) }),
        await deps.consents.topics(),
        choices,
        deps.site.url,
      );
      const audience = await deps.store.countAudience(message.topic, message.audience, deps.now());
      return { message, problems: draft.problems, audience };
    },

    /** The message as a reader would get it (links signed for the staff member viewing it). */
    async preview(id: string, userId: string) {
      return forReader(await required(id), userId);
    },

    /** Sends the message as it stands to the staff member alone, marked as a test, outside the outbox. */
    async sendTest(id: string, staff: { email: string; userId: string }) {
      const message = await required(id);
      const framed = await forReader(message, staff.userId);
      await deps.sender.send({ from: deps.from, replyTo: deps.replyTo, to: staff.email, subject: `[Test] ${message.subject || "(no subject)"}`, ...framed });
      deps.log.info("messages.test_sent", { messageId: id });
    },

    /**
     * Sends now (`at` null) or at `at`: refused, with the draft kept, when something is wrong with
     * it, its audience is empty or the time has passed. Returns the problems (empty: started).
     */
    async send(id: string, at: Date | null, choices: AudienceChoices, staffEmail: string): Promise<DraftProblem[]> {
      const { message, problems, audience } = await service.check(id, choices);
      const now = deps.now();
      if (at && at.getTime() <= now.getTime()) problems.push({ field: "scheduledAt", message: "Choose a time in the future, or send it now" });
      if (problems.length === 0 && audience === 0) {
        problems.push({ field: "audience", message: "Nobody is in this audience: no member who consents to the topic matches every filter" });
      }
      if (problems.length > 0) return problems;
      if (!(await deps.store.start(id, staffEmail, at, now))) {
        throw new AppError("CONFLICT", `This message is already ${message.status === "sending" ? "being sent" : message.status}. Nothing has been changed.`);
      }
      await deps.batch([deps.audit.record({ staffEmail, action: at ? "message.scheduled" : "message.sent", details: { messageId: id, audience, at: at?.toISOString() ?? null } })]);
      deps.log.info("messages.started", { messageId: id, audience, scheduledAt: at?.toISOString() ?? null });
      return [];
    },

    /** The first pages of a message just sent now (then the jobs queue or the sweep). */
    fanOut: (id: string): Promise<FanOutOutcome> => fanOut(deps.fanOut, id, deps.now()),
    fanOutDue: (now = deps.now()) => fanOutDue(deps.fanOut, now),

    async cancel(id: string, staffEmail: string) {
      const message = await required(id);
      if (!(await deps.store.cancel(id, deps.now()))) {
        throw new AppError("CONFLICT", `Only a scheduled message, or one with e-mails still waiting to go, can be cancelled; this one is ${message.status} with nothing left to stop.`);
      }
      await deps.batch([deps.audit.record({ staffEmail, action: "message.cancelled", details: { messageId: id } })]);
    },

    async publish(id: string, published: boolean, staffEmail: string) {
      await required(id);
      if (!(await deps.store.setPublished(id, published, deps.now()))) throw new AppError("CONFLICT", "Only a message that has been sent can be published in the archive");
      await deps.batch([deps.audit.record({ staffEmail, action: published ? "message.published" : "message.unpublished", details: { messageId: id } })]);
    },

    /** The public archive: published messages, newest first. */
    archive: (limit: number, after: { publishedAt: string; id: string } | null) => deps.store.published(limit, after),
    async archived(id: string) {
      const message = await deps.store.byId(id);
      return message?.publishedAt ? message : null;
    },

    suppression: (email: string): Promise<EmailSuppression | null> => deps.suppressions.forAddress(email),
    /** Soft bounces reported for the address (a full mailbox, a server down for now): counted for staff, nothing stopped. */
    softBounces: (email: string) => deps.deliveryEvents.softBounces(email),
    async clearSuppression(email: string, note: string, staffEmail: string) {
      if (note.trim() === "") return "Say why the address may have bulk mail again";
      if (!(await deps.suppressions.clear(email, staffEmail, note.trim().slice(0, 500), deps.now()))) return "This address is not suppressed";
      await deps.batch([deps.audit.record({ staffEmail, action: "email.suppression_cleared", details: { note: note.trim().slice(0, 500) } })]);
      return null;
    },
  };
  return service;
}

export type Messages = ReturnType<typeof createMessages>;

/** What delivery needs for bulk e-mails (services/email/delivery.ts). */
export interface BulkMail {
  /** Which of these claimed bulk e-mails must not go now, and why. One query. */
  blocked(rows: readonly BulkOutboxRow[]): Promise<Map<string, string>>;
  /** The e-mail for its reader. */
  compose(row: BulkOutboxRow): Promise<{ html: string; text: string; headers: Record<string, string> }>;
  /** Stops bulk mail to an address a bounce or complaint was reported for (a statement for delivery's batch). */
  suppress(email: string, reason: "bounce" | "complaint", detail: string, at: Date): D1PreparedStatement;
}

export function createBulkMail(deps: Pick<MessagesDeps, "store" | "suppressions" | "consents" | "site">): BulkMail {
  // A delivery batch holds e-mails of one message, mostly: its body is read once.
  const loaded = new Map<string, Promise<StoredMessage | null>>();
  return {
    blocked: (rows) =>
      deps.store.blocked(rows.map((row) => ({ id: row.id, userId: row.userId, email: row.recipient, topic: row.category, messageId: messageIdOf(row) }))),
    async compose(row) {
      const messageId = messageIdOf(row);
      if (!loaded.has(messageId)) loaded.set(messageId, deps.store.byId(messageId));
      const message = await loaded.get(messageId)!;
      if (!message || !row.userId) throw new Error(`No bulk message ${messageId} for this e-mail`);
      return readerEmail(deps.consents, deps.site.name, message, row.userId);
    },
    suppress: (email, reason, detail, at) => deps.suppressions.suppress(email, reason, detail, at),
  };
}
