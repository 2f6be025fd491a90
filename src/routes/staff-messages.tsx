/**
 * Staff: bulk messages to members (/staff/messages), in the communications area. One compose form
 * whose buttons save the draft, send a test to the writer, send now or schedule: every button
 * saves what was typed first, so a problem (no subject, an unsafe link, an image not from the
 * media library, an empty audience, a time in the past) is shown beside its field with the draft
 * kept. Sending now starts the fan-out after the response (services/messages/fan-out.ts).
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { wantsJson } from "../http/wants-json";
import type { DraftProblem } from "../services/messages/compose";
import type { StaffEnv } from "../types";
import { MessagePageContent } from "../views/messages/message-page-content";
import { MessagePreviewContent } from "../views/messages/message-preview-content";
import { MessagesListContent } from "../views/messages/messages-list-content";
import { EMPTY_AUDIENCE, type AudienceChoices, type MemberMessage } from "../domain/member-messages";

const PAGE = 50;

const NOTICES: Record<string, string> = {
  saved: "The draft has been saved.",
  tested: "A test has been sent to your address.",
  sending: "The message is being sent. The counts below grow as it goes out.",
  scheduled: "The message is scheduled.",
  cancelled: "The send has been cancelled: nothing more goes out.",
  published: "The message is in the public archive.",
  unpublished: "The message is no longer in the public archive.",
};

/** "2026-12-01 09:00" or "2026-12-01T09:00" (UTC): the instant, or null when it is not one. */
function readTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What the audience filters offer: the membership types, the join form's specialisations and the events, from the CMS. */
async function audienceChoices(c: Context<StaffEnv>) {
  const content = c.var.services.content;
  const [memberships, joinPage, events] = await Promise.all([content.memberships(), content.joinPage(), content.events()]);
  const types = memberships.map((m) => ({ slug: m.slug, title: m.title }));
  const choices: AudienceChoices = {
    membershipTypes: types.map((t) => t.slug),
    specialisations: joinPage?.specialisationOptions ?? [],
    events: events.map((e) => ({ id: e.id, name: e.name, startsAt: e.startsAt })),
  };
  return { types, choices };
}

async function renderPage(
  c: Context<StaffEnv>,
  message: MemberMessage | null,
  draft: { values: Pick<MemberMessage, "subject" | "preheader" | "body" | "topic" | "audience">; problems: DraftProblem[]; scheduledAt: string } | null,
  status: 200 | 400 | 409 = 200,
) {
  const messages = c.var.services.messages;
  const [layout, topics, { types, choices }, regions] = await Promise.all([c.var.services.content.layout(), messages.topics(), audienceChoices(c), messages.audienceRegions()]);
  const editable = message === null || message.status === "draft" || message.status === "scheduled";
  const audienceCount = message && editable ? await messages.countAudience(message.topic, message.audience) : null;
  const counts = message && !editable ? await messages.counts(message.id) : null;
  const csrfToken = await c.var.csrfToken();
  const values = draft?.values ?? message ?? { subject: "", preheader: "", body: "", topic: topics[0]?.slug ?? "", audience: EMPTY_AUDIENCE };
  return c.render(
    <MessagePageContent
      form={
        editable
          ? {
              message: { id: message?.id ?? null, ...values },
              topics,
              membershipTypes: types,
              specialisations: choices.specialisations,
              regions,
              events: choices.events,
              audienceCount,
              scheduledAt: draft?.scheduledAt ?? message?.scheduledAt?.slice(0, 16).replace("T", " ") ?? "",
              problems: draft?.problems ?? [],
              csrfToken,
              version: message?.version ?? null,
            }
          : null
      }
      message={message}
      counts={counts}
      notice={NOTICES[c.req.query("done") ?? ""] ?? null}
      csrfToken={csrfToken}
    />,
    {
      layout,
      head: { pageTitle: (draft?.problems.length ?? 0) > 0 ? "There is a problem — Message" : message?.subject || "Write a message", noindex: true },
      section: null,
      isPrivate: true,
      status,
      // Saves the draft as it is typed (client/islands/message-autosave.ts); the form works without it.
      islands: editable ? ["message-autosave"] : [],
    },
  );
}

/** The version the form was loaded with or last saved as (absent: an older page, or a client that does not say). */
const postedVersion = (value: unknown): number | null => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** A save another save overtook: JSON says so (the island shows it); a form post shows the page again with what was typed. */
async function overtaken(c: Context<StaffEnv>, id: string, body: Record<string, unknown>, error: AppError, choices: AudienceChoices) {
  if (wantsJson(c.req.header("Accept"))) throw error;
  const messages = c.var.services.messages;
  const draft = await messages.read(body, choices);
  const problem: DraftProblem = { field: "body", message: `${error.message} Save again to replace it with what is below, or reload the page to see it.` };
  return renderPage(c, await messages.byId(id), { values: draft, problems: [problem], scheduledAt: typeof body.scheduledAt === "string" ? body.scheduledAt.slice(0, 40) : "" }, 409);
}

/** Saves what was posted, then does what its button asked. */
async function saveAndAct(c: Context<StaffEnv>, id: string | null) {
  const body = await c.req.parseBody({ all: true });
  const messages = c.var.services.messages;
  const { choices } = await audienceChoices(c);
  const staffEmail = c.var.staffMember.email;
  let saved;
  try {
    saved = await messages.save(id, body, choices, staffEmail, postedVersion(body.version));
  } catch (error) {
    if (id !== null && error instanceof AppError && typeof error.details?.version === "number") return overtaken(c, id, body, error, choices);
    throw error;
  }
  const action = typeof body.action === "string" ? body.action : "save";
  const scheduledText = typeof body.scheduledAt === "string" ? body.scheduledAt.slice(0, 40) : "";
  const again = async (problems: DraftProblem[]) =>
    renderPage(c, await messages.byId(saved.id), { values: saved.draft, problems, scheduledAt: scheduledText }, 400);

  if (action === "save" && wantsJson(c.req.header("Accept"))) {
    // The autosave: the draft is kept whatever its problems; the buttons name them.
    c.header("Cache-Control", "no-store");
    return c.json({ id: saved.id, version: saved.version, savedAt: saved.savedAt, problems: saved.draft.problems.length });
  }
  if (action === "save") {
    // A draft may hold problems: they are shown, and it is kept.
    if (saved.draft.problems.length > 0) return again(saved.draft.problems);
    return c.redirect(`/staff/messages/${saved.id}?done=saved`, 303);
  }
  if (action === "test") {
    if (saved.draft.problems.length > 0) return again(saved.draft.problems);
    await messages.sendTest(saved.id, { email: c.var.staffMember.email, userId: c.var.session.userId });
    return c.redirect(`/staff/messages/${saved.id}?done=tested`, 303);
  }
  if (action === "send" || action === "schedule") {
    let at: Date | null = null;
    if (action === "schedule") {
      at = readTime(scheduledText);
      if (!at) return again([...saved.draft.problems, { field: "scheduledAt", message: "Enter the time to send it, like 2026-12-01 09:00 (UTC)" }]);
    }
    const problems = await messages.send(saved.id, at, choices, staffEmail);
    if (problems.length > 0) return again(problems);
    if (!at) c.executionCtx.waitUntil(messages.fanOut(saved.id));
    return c.redirect(`/staff/messages/${saved.id}?done=${at ? "scheduled" : "sending"}`, 303);
  }
  throw new AppError("BAD_REQUEST", `Unknown action "${action}": use the form's buttons`);
}

export const staffMessagesRoutes = new Hono<StaffEnv>()
  .get("/staff/messages", async (c) => {
    const after = /^(\S+)~(\S+)$/.exec(c.req.query("after") ?? "");
    const rows = await c.var.services.messages.list(PAGE + 1, after ? { updatedAt: after[1]!, id: after[2]! } : null);
    const shown = rows.slice(0, PAGE);
    const last = shown.at(-1);
    const next = rows.length > PAGE && last ? `/staff/messages?after=${encodeURIComponent(`${last.updatedAt}~${last.id}`)}` : null;
    return c.render(<MessagesListContent messages={shown} next={next} notice={NOTICES[c.req.query("done") ?? ""] ?? null} />, {
      layout: await c.var.services.content.layout(),
      head: { pageTitle: "Messages to members", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/messages/new", (c) => renderPage(c, null, null))
  .post("/staff/messages", (c) => saveAndAct(c, null))
  .get("/staff/messages/:id", async (c) => renderPage(c, await c.var.services.messages.byId(c.req.param("id")), null))
  .post("/staff/messages/:id", (c) => saveAndAct(c, c.req.param("id")))
  .get("/staff/messages/:id/preview", async (c) => {
    const messages = c.var.services.messages;
    const message = await messages.byId(c.req.param("id"));
    const reader = await messages.preview(message.id, c.var.session.userId);
    return c.render(
      <MessagePreviewContent id={message.id} subject={message.subject} preheader={message.preheader} text={reader.text} headers={reader.headers} />,
      { layout: await c.var.services.content.layout(), head: { pageTitle: `Preview: ${message.subject || "message"}`, noindex: true }, section: null, isPrivate: true },
    );
  })
  // The HTML part whole, framed by the preview page under its own policy (middleware/security-headers).
  .get("/staff/messages/:id/preview/html", async (c) => {
    const reader = await c.var.services.messages.preview(c.req.param("id"), c.var.session.userId);
    c.header("Cache-Control", "private, no-store");
    return c.html(reader.html);
  })
  .post("/staff/messages/:id/cancel", async (c) => {
    await c.var.services.messages.cancel(c.req.param("id"), c.var.staffMember.email);
    return c.redirect(`/staff/messages/${c.req.param("id")}?done=cancelled`, 303);
  })
  .post("/staff/messages/:id/publish", async (c) => {
    const published = (await c.req.parseBody()).published === "on";
    await c.var.services.messages.publish(c.req.param("id"), published, c.var.staffMember.email);
    return c.redirect(`/staff/messages/${c.req.param("id")}?done=${published ? "published" : "unpublished"}`, 303);
  });
