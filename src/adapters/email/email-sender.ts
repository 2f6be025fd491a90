/**
 * Cloudflare Email Service through the Worker's `send_email` binding (wrangler.toml
 * [[send_email]] EMAIL). Locally `wrangler dev` and the test runtime simulate the binding:
 * nothing leaves the machine.
 */

export interface Mailbox {
  email: string;
  name: string | null;
}

export interface OutgoingEmail {
  from: Mailbox;
  replyTo: Mailbox;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * Error codes after which sending the same message again cannot succeed: the address is refused
 * or suppressed, or the message itself is malformed. Everything else (the service
 * unavailable, an unverified sender an operator can fix) is worth retrying.
 */
const PERMANENT_CODES = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_TOO_MANY_RECIPIENTS",
  "E_RECIPIENT_NOT_ALLOWED",
  "E_RECIPIENT_SUPPRESSED",
  "E_CONTENT_TOO_LARGE",
  "E_HEADER_NOT_ALLOWED",
  "E_HEADER_USE_API_FIELD",
  "E_HEADER_VALUE_INVALID",
  "E_HEADER_VALUE_TOO_LONG",
  "E_HEADER_NAME_INVALID",
  "E_HEADERS_TOO_LARGE",
  "E_HEADERS_TOO_MANY",
]);

/**
 * Error codes that say nothing about the message but that the account may send no more for now:
 * too many messages a second, or the day's quota used up. Sending waits for the window to pass.
 */
const PAUSE_CODES: Readonly<Record<string, "rate-limit" | "daily-quota">> = {
  E_RATE_LIMIT_EXCEEDED: "rate-limit",
  E_DAILY_LIMIT_EXCEEDED: "daily-quota",
};

/** The binding refused or failed to send a message. */
export class EmailSendError extends Error {
  override readonly name = "EmailSendError";
  constructor(
    message: string,
    /** Cloudflare's error code (E_…), when it gave one. */
    readonly code: string | null,
    /** Sending the same message again cannot succeed. */
    readonly permanent: boolean,
    options?: { cause?: unknown },
    /** The account's sending limit was reached (not this message's fault): pause, do not count an attempt. */
    readonly limit: "rate-limit" | "daily-quota" | null = null,
  ) {
    super(message, options);
  }
}

export interface EmailSender {
  /** Sends one message; throws EmailSendError when the binding refuses or fails. */
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
}

const address = (mailbox: Mailbox) => (mailbox.name ? { email: mailbox.email, name: mailbox.name } : mailbox.email);

export function createEmailSender(binding: SendEmail): EmailSender {
  return {
    async send(message) {
      try {
        const { messageId } = await binding.send({
          from: address(message.from),
          replyTo: address(message.replyTo),
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
        });
        return { messageId };
      } catch (error) {
        const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : null;
        const text = error instanceof Error ? error.message : String(error);
        throw new EmailSendError(code ? `${code}: ${text}` : text, code, code !== null && PERMANENT_CODES.has(code), { cause: error }, (code && PAUSE_CODES[code]) || null);
      }
    },
  };
}
