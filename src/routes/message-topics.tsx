/**
 * The links in every bulk message: one-click unsubscribe from its topic (RFC 8058: a mail
 * provider posts `List-Unsubscribe=One-Click`; our page's button posts too; GET only shows the
 * button, since link checkers fetch GETs) and the page to choose every topic. The signed token in
 * the link is the proof, so neither POST needs a session or a CSRF token (app.ts exempts them); a
 * forged or altered token changes nothing.
 */
import { Hono, type Context } from "hono";
import { chosenTopics } from "../http/topic-choices";
import { TOPIC_CHOICES_PATH, TOPIC_UNSUBSCRIBE_PATH } from "../services/messages/consents";
import type { HonoEnv } from "../types";
import { TopicPreferencesContent } from "../views/messages/topic-preferences-content";
import { TopicUnsubscribeContent, type TopicUnsubscribeState } from "../views/messages/topic-unsubscribe-content";

const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token })}`;

async function page(c: Context<HonoEnv>, content: React.ReactElement, title: string, status: 200 | 400) {
  return c.render(content, { layout: await c.var.services.content.layout(), head: { pageTitle: title, noindex: true }, section: null, isPrivate: true, status });
}

const renderUnsubscribe = (c: Context<HonoEnv>, state: TopicUnsubscribeState) =>
  page(c, <TopicUnsubscribeContent state={state} />, state.step === "invalid" ? "Unsubscribe link not valid" : "Unsubscribe", state.step === "invalid" ? 400 : 200);

/** A mail provider's one-click request (its body is exactly this), as opposed to our own page's button. */
async function isOneClick(c: Context<HonoEnv>): Promise<boolean> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  return (await c.req.parseBody())["List-Unsubscribe"] === "One-Click";
}

export const messageTopicRoutes = new Hono<HonoEnv>()
  .get(TOPIC_UNSUBSCRIBE_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const consents = c.var.services.consents;
    const subject = await consents.readToken(token);
    if (!subject) return renderUnsubscribe(c, { step: "invalid" });
    const topic = (await consents.topics()).find((t) => t.slug === subject.topic);
    return renderUnsubscribe(c, { step: "confirm", label: topic?.label ?? subject.topic, action: withToken(TOPIC_UNSUBSCRIBE_PATH, token), choices: withToken(TOPIC_CHOICES_PATH, token) });
  })
  .post(TOPIC_UNSUBSCRIBE_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const done = await c.var.services.consents.unsubscribe(token);
    if (await isOneClick(c)) {
      c.header("Cache-Control", "private, no-store");
      return done ? c.text("You are unsubscribed.") : c.text("This unsubscribe link is not valid.", 400);
    }
    if (!done) return renderUnsubscribe(c, { step: "invalid" });
    return renderUnsubscribe(c, { step: "done", label: done.topic?.label ?? done.subject.topic, choices: withToken(TOPIC_CHOICES_PATH, token) });
  })
  .get(TOPIC_CHOICES_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const subject = await c.var.services.consents.readToken(token);
    const consents = subject ? await c.var.services.consents.forUser(subject.userId) : null;
    return page(c, <TopicPreferencesContent consents={consents} action={withToken(TOPIC_CHOICES_PATH, token)} saved={c.req.query("saved") === "1"} />, "Your e-mail choices", consents ? 200 : 400);
  })
  .post(TOPIC_CHOICES_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const consents = c.var.services.consents;
    const subject = await consents.readToken(token);
    if (!subject) return page(c, <TopicPreferencesContent consents={null} action="" saved={false} />, "Your e-mail choices", 400);
    const chosen = chosenTopics(await c.req.parseBody(), await consents.topics());
    await consents.save(subject.userId, chosen, "preferences-link", "all");
    return c.redirect(`${withToken(TOPIC_CHOICES_PATH, token)}&saved=1`, 303);
  });
