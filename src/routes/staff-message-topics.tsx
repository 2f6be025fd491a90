/**
 * Staff: the mailing topics (/staff/messages/topics), in the communications area: add a topic,
 * change its name and description, retire it. A form with a problem comes back with what was
 * typed and the problem beside its field.
 */
import { Hono, type Context } from "hono";
import { roleMay } from "../services/staff/staff-access";
import type { TopicOutcome } from "../services/messages/topics";
import type { StaffEnv } from "../types";
import { TopicsContent, type TopicsContentProps } from "../views/messages/topics-content";

const NOTICES: Record<string, string> = {
  added: "The topic has been added: members can choose it now.",
  saved: "The topic's words have been saved.",
  retired: "The topic is retired: members no longer see it, and its scheduled or sending messages are stopped.",
};

async function renderTopics(c: Context<StaffEnv>, failed: TopicsContentProps["failed"], status: 200 | 400 = 200) {
  const [layout, topics, csrfToken] = await Promise.all([c.var.services.content.layout(), c.var.services.messageTopics.all(), c.var.csrfToken()]);
  return c.render(
    <TopicsContent
      topics={topics}
      failed={failed}
      notice={NOTICES[c.req.query("done") ?? ""] ?? null}
      csrfToken={csrfToken}
      canChange={roleMay(c.var.staffMember.role, "communications", true)}
    />,
    { layout, head: { pageTitle: failed ? "There is a problem — Topics" : "Topics members choose from", noindex: true }, section: null, isPrivate: true, status },
  );
}

const answer = (c: Context<StaffEnv>, slug: string, outcome: TopicOutcome, done: string) =>
  outcome.kind === "done" ? c.redirect(`/staff/messages/topics?done=${done}`, 303) : renderTopics(c, { slug, values: outcome.values, problems: outcome.problems }, 400);

export const staffMessageTopicsRoutes = new Hono<StaffEnv>()
  .get("/staff/messages/topics", (c) => renderTopics(c, null))
  .post("/staff/messages/topics", async (c) => answer(c, "new", await c.var.services.messageTopics.create(await c.req.parseBody(), c.var.staffMember.email), "added"))
  .post("/staff/messages/topics/:slug", async (c) => {
    const slug = c.req.param("slug");
    return answer(c, slug, await c.var.services.messageTopics.describe(slug, await c.req.parseBody(), c.var.staffMember.email), "saved");
  })
  .post("/staff/messages/topics/:slug/retire", async (c) => {
    await c.var.services.messageTopics.retire(c.req.param("slug"), c.var.staffMember.email);
    return c.redirect("/staff/messages/topics?done=retired", 303);
  });
