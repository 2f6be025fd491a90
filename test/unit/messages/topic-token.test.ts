import { describe, expect, it } from "vitest";
import { readTopicToken, topicToken } from "../../../src/services/messages/topic-token";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe("topic unsubscribe links", () => {
  it("name the user, the topic and the message they came in", async () => {
    const token = await topicToken(SECRET, { userId: "u-1", topic: "newsletter", messageId: "m-1" });
    expect(await readTopicToken(SECRET, token)).toEqual({ userId: "u-1", topic: "newsletter", messageId: "m-1" });
  });

  it("are refused when forged, altered, signed with another secret or cut short", async () => {
    const token = await topicToken(SECRET, { userId: "u-1", topic: "newsletter", messageId: null });
    const [user, topic, message, signature] = token.split(".") as [string, string, string, string];
    const otherUser = btoa("u-2").replace(/=+$/, "");
    expect(await readTopicToken(SECRET, [otherUser, topic, message, signature].join("."))).toBeNull();
    expect(await readTopicToken(SECRET, [user, "events-near-me", message, signature].join("."))).toBeNull();
    expect(await readTopicToken("another-secret-that-is-long-enough-0123456789", token)).toBeNull();
    expect(await readTopicToken(SECRET, token.slice(0, -2))).toBeNull();
    expect(await readTopicToken(SECRET, null)).toBeNull();
  });
});
