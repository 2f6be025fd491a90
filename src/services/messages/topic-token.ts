/**
 * The link in every bulk message that unsubscribes its reader from the message's topic (RFC 8058
 * one-click, and the footer link). As with the reminders' links (email/unsubscribe-token.ts), the
 * signed link is the proof, since a mail provider posts to it without a session: it names the
 * user, the topic and the message (so the message's unsubscribe count is right), signed with
 * HMAC-SHA256 under a key of its own derived from the site's secret. It does not expire; rotating
 * the secret retires every link.
 */
import { purposeKey } from "../purpose-key";
import { decodeBase64url as fromBase64url, encodeBase64url as base64url } from "../../shared/base64url";

const encoder = new TextEncoder();
const KEY_LABEL = "guildhall topic-unsubscribe v1";
const MAX_TOKEN_LENGTH = 600;
const TOPIC = /^[a-z0-9][a-z0-9-]{0,39}$/;

export interface TopicTokenSubject {
  userId: string;
  topic: string;
  /** The message the link came in; null for a link not tied to one. */
  messageId: string | null;
}

async function signature(secret: string, { userId, topic, messageId }: TopicTokenSubject): Promise<Uint8Array> {
  const key = await purposeKey(secret, KEY_LABEL);
  // Lengths first, so no two subjects sign the same bytes.
  const message = `${userId.length}:${userId}:${topic}:${(messageId ?? "").length}:${messageId ?? ""}`;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** `{user}.{topic}.{message}.{signature}` (user and message base64url): safe in a query string. */
export async function topicToken(secret: string, subject: TopicTokenSubject): Promise<string> {
  const message = base64url(encoder.encode(subject.messageId ?? ""));
  return `${base64url(encoder.encode(subject.userId))}.${subject.topic}.${message}.${base64url(await signature(secret, subject))}`;
}

/** Who, which topic and which message a token names, or null for anything forged, altered or malformed. */
export async function readTopicToken(secret: string, token: string | null | undefined): Promise<TopicTokenSubject | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [encodedUser, topic, encodedMessage, presented] = parts as [string, string, string, string];
  if (!TOPIC.test(topic)) return null;
  const userBytes = fromBase64url(encodedUser);
  const messageBytes = fromBase64url(encodedMessage);
  const presentedBytes = fromBase64url(presented);
  if (!userBytes || !messageBytes || !presentedBytes || userBytes.length === 0) return null;
  let userId: string;
  let messageId: string;
  try {
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
    userId = decoder.decode(userBytes);
    messageId = decoder.decode(messageBytes);
  } catch {
    return null;
  }
  const subject = { userId, topic, messageId: messageId === "" ? null : messageId };
  return sameBytes(await signature(secret, subject), presentedBytes) ? subject : null;
}
