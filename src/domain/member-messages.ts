/**
 * Talking to members: the mailing topics members opt in to, their consents, and the bulk messages
 * staff write to audiences drawn from the register (docs/decisions/0053-member-messages.md).
 * Types only.
 */

/** The outbox kind of a bulk message to one member (its data names the message). */
export const MEMBER_MESSAGE_KIND = "member-message";

/** A topic a member may opt in to (message_topics). */
export interface MessageTopic {
  slug: string;
  label: string;
  description: string;
}

/** A topic as staff keep it (/staff/messages/topics). */
export interface StaffTopic extends MessageTopic {
  position: number;
  retired: boolean;
  /** Members who consent to it now. */
  consenting: number;
}

/** Where a consent was given or withdrawn: the record a regulator may ask for. */
export const CONSENT_WAYS = ["join-form", "register", "account", "unsubscribe-link", "preferences-link", "import"] as const;
export type ConsentWay = (typeof CONSENT_WAYS)[number];

export const CONSENT_WAY_WORDS: Record<ConsentWay, string> = {
  "join-form": "on the join form",
  register: "when creating an account",
  account: "on your account page",
  "unsubscribe-link": "with an unsubscribe link",
  "preferences-link": "on the e-mail choices page linked from a message",
  import: "in the society's records before this site",
};

/** One member's answer for one topic. */
export interface TopicConsent {
  topic: MessageTopic;
  consented: boolean;
  givenAt: string | null;
  givenVia: ConsentWay | null;
  withdrawnAt: string | null;
  withdrawnVia: ConsentWay | null;
}

/** Membership states an audience can pick. "lapsed" is limited to the last N months. */
export const AUDIENCE_STATES = ["active", "awaiting_payment", "lapsed"] as const;
export type AudienceState = (typeof AUDIENCE_STATES)[number];

/**
 * Who a message goes to: members who consent to its topic and whose address is not suppressed,
 * narrowed by each filter that is set (all must hold).
 */
export interface Audience {
  /** Membership type slugs; empty: every type. */
  membershipTypes: string[];
  /** Membership states; empty: every state. */
  states: AudienceState[];
  /** With "lapsed": only those whose period ended within this many months. */
  lapsedWithinMonths: number | null;
  /** Only members with no CPD entry dated this calendar year. */
  noCpdThisYear: boolean;
  /** The country of the member's address is one of these (ISO 3166-1 alpha-2); empty: any. */
  countries: string[];
  /** The region of the member's address (county, state or province) is one of these, whatever its case; empty: any. */
  regions: string[];
  /** The member's specialisation is one of these, from the join form's list; empty: any. */
  specialisations: string[];
  /** Joined on or after this day (YYYY-MM-DD); null: any. */
  joinedFrom: string | null;
  /** Joined before this day (YYYY-MM-DD); null: any. */
  joinedBefore: string | null;
  /** Only members with a confirmed booking for this event (its CMS id); null: any. */
  eventId: string | null;
}

export const EMPTY_AUDIENCE: Audience = {
  membershipTypes: [],
  states: [],
  lapsedWithinMonths: null,
  noCpdThisYear: false,
  countries: [],
  regions: [],
  specialisations: [],
  joinedFrom: null,
  joinedBefore: null,
  eventId: null,
};

/** Most values one filter takes: a statement binds the list as one JSON parameter, so this bounds its size, not the parameter count. */
export const MAX_FILTER_VALUES = 100;

/**
 * The regions members' addresses name, as the region filter offers them (lower case, as kept in
 * the audience facts), read in key order up to a bound; `more` says the list stopped there.
 */
export interface AudienceRegions {
  regions: string[];
  more: boolean;
}

/** What the audience filters may choose from: anything else is refused by name. */
export interface AudienceChoices {
  membershipTypes: readonly string[];
  specialisations: readonly string[];
  events: readonly { id: string; name: string; startsAt: string }[];
}

export const MESSAGE_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MemberMessage {
  id: string;
  subject: string;
  preheader: string;
  /** What staff wrote, in the message markup (services/messages/markup.ts). */
  body: string;
  bodyHtml: string;
  bodyText: string;
  topic: string;
  audience: Audience;
  status: MessageStatus;
  scheduledAt: string | null;
  /** How many recipients the fan-out has written so far. */
  recipients: number;
  unsubscribed: number;
  publishedAt: string | null;
  createdBy: string;
  sentBy: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** One more at every save of the text or audience: a save made from an older version is refused. */
  version: number;
}

/** How a message's e-mails stand (from the outbox). */
export interface MessageDeliveryCounts {
  waiting: number;
  sent: number;
  failed: number;
  /** Held back: the reader withdrew consent, their address was suppressed, or the send was cancelled. */
  notSent: number;
  /** Its readers whose address is now suppressed for bulk mail (a hard bounce or complaint reported). */
  suppressedSince: number;
}

/** An address bulk mail no longer goes to. */
export interface EmailSuppression {
  email: string;
  reason: "bounce" | "complaint";
  detail: string;
  suppressedAt: string;
  clearedAt: string | null;
  clearedBy: string | null;
  clearedNote: string | null;
}
