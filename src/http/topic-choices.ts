/** The mailing topics a form's checkboxes ticked (views/messages/topic-choices.tsx names them `topic-<slug>`). */
import type { MessageTopic } from "../domain/member-messages";
import { AppError } from "../errors";

export function chosenTopics(body: Record<string, unknown>, topics: readonly MessageTopic[]): Set<string> {
  const odd = topics.find((t) => body[`topic-${t.slug}`] !== undefined && body[`topic-${t.slug}`] !== "on");
  if (odd) throw new AppError("BAD_REQUEST", `The choice "${odd.label}" can only be ticked ("on") or left out`);
  return new Set(topics.filter((t) => body[`topic-${t.slug}`] === "on").map((t) => t.slug));
}
