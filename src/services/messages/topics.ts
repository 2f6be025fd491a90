/**
 * Staff keeping the mailing topics (/staff/messages/topics): add one, change its name and
 * description, retire it. Every change is audited in its own batch. A topic's slug never changes
 * (consents and messages name it); a retired topic is never deleted, so the consents given to it
 * stay provable.
 */
import * as z from "zod";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { MessageTopicStore } from "../../adapters/d1/message-topics";
import type { StaffTopic } from "../../domain/member-messages";
import { AppError } from "../../errors";
import { isOneLine } from "../../shared/plain-text";

export interface TopicProblem {
  field: "slug" | "label" | "description";
  message: string;
}

export const TopicForm = z.object({
  slug: z.string().max(200).default(""),
  label: z.string().max(2000).default(""),
  description: z.string().max(5000).default(""),
});

export interface TopicsDeps {
  store: MessageTopicStore;
  audit: Pick<AuditLog, "record">;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  now: () => Date;
}

export type TopicOutcome = { kind: "done"; slug: string } | { kind: "problems"; problems: TopicProblem[]; values: z.output<typeof TopicForm> };

function checkWords(values: z.output<typeof TopicForm>, problems: TopicProblem[]) {
  const label = values.label.trim();
  const description = values.description.trim();
  if (label === "") problems.push({ field: "label", message: "Enter the topic's name, as members see it" });
  else if (label.length > 80 || !isOneLine(label)) problems.push({ field: "label", message: "The name must be one line of 80 characters or fewer" });
  if (description === "") problems.push({ field: "description", message: "Describe what members who choose it receive" });
  else if (description.length > 300 || !isOneLine(description)) problems.push({ field: "description", message: "The description must be one line of 300 characters or fewer" });
  return { label, description };
}

export function createTopics(deps: TopicsDeps) {
  async function required(slug: string): Promise<StaffTopic> {
    const topic = await deps.store.bySlug(slug);
    if (!topic) throw new AppError("NOT_FOUND", "No topic with this name");
    return topic;
  }
  return {
    all: () => deps.store.all(),
    bySlug: required,

    async create(body: unknown, staffEmail: string): Promise<TopicOutcome> {
      const values = TopicForm.parse(body);
      const problems: TopicProblem[] = [];
      const slug = values.slug.trim().toLowerCase();
      if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(slug)) {
        problems.push({ field: "slug", message: "Enter a short name for links of 1 to 40 lower-case letters, digits and dashes, like study-days" });
      } else if (await deps.store.bySlug(slug)) {
        problems.push({ field: "slug", message: "A topic (perhaps retired) already has this short name: choose another" });
      }
      const words = checkWords(values, problems);
      if (problems.length > 0) return { kind: "problems", problems, values };
      await deps.batch([deps.store.create({ slug, ...words }), deps.audit.record({ staffEmail, action: "message_topic.created", details: { topic: slug, label: words.label } })]);
      return { kind: "done", slug };
    },

    async describe(slug: string, body: unknown, staffEmail: string): Promise<TopicOutcome> {
      const topic = await required(slug);
      const values = TopicForm.parse({ ...(body as object), slug });
      const problems: TopicProblem[] = [];
      const words = checkWords(values, problems);
      if (problems.length > 0) return { kind: "problems", problems, values };
      await deps.batch([
        deps.store.describe(slug, words.label, words.description),
        deps.audit.record({ staffEmail, action: "message_topic.described", details: { topic: slug, from: topic.label, to: words.label } }),
      ]);
      return { kind: "done", slug };
    },

    async retire(slug: string, staffEmail: string): Promise<void> {
      const topic = await required(slug);
      if (topic.retired) throw new AppError("CONFLICT", "This topic is already retired");
      await deps.batch([...deps.store.retire(slug, deps.now()), deps.audit.record({ staffEmail, action: "message_topic.retired", details: { topic: slug, consenting: topic.consenting } })]);
    },
  };
}

export type Topics = ReturnType<typeof createTopics>;
