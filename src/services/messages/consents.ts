/**
 * Members' consent to the society's mailing topics: given on the join form, /register or
 * /user/account (opt-ins, never ticked for them), withdrawn there or by a message's one-click
 * unsubscribe, each answer kept with when and how (UK GDPR and PECR). Transactional mail is not
 * marketing and needs none of this.
 */
import type { MemberConsentStore } from "../../adapters/d1/member-consents";
import type { ConsentWay, MessageTopic, TopicConsent } from "../../domain/member-messages";
import type { Logger } from "../../log";
import { readTopicToken, topicToken, type TopicTokenSubject } from "./topic-token";

/** GET: a confirmation with one button; POST: leaves the topic (RFC 8058 one-click too). */
export const TOPIC_UNSUBSCRIBE_PATH = "/email/topics/unsubscribe";
/** Every topic for the reader a link names, without signing in. */
export const TOPIC_CHOICES_PATH = "/email/topics";

export interface Consents {
  topics(): Promise<MessageTopic[]>;
  forUser(userId: string): Promise<TopicConsent[]>;
  /**
   * Saves a form's answers: `chosen` are the topics ticked; every other topic offered is
   * withdrawn (`all`, the account page) or left as it was (a join or register form, which only gives).
   */
  save(userId: string, chosen: ReadonlySet<string>, via: ConsentWay, scope: "all" | "given-only"): Promise<void>;
  /** The statement that records the ticked topics, for a change's own batch (the join form's). */
  giveStatement(userId: string, chosen: ReadonlySet<string>, via: ConsentWay): D1PreparedStatement | null;
  unsubscribeUrl(subject: TopicTokenSubject): Promise<string>;
  choicesUrl(subject: TopicTokenSubject): Promise<string>;
  readToken(token: string | null | undefined): Promise<TopicTokenSubject | null>;
  /** Withdraws the topic a valid link names (and counts it on its message); null for a forged or altered link. */
  unsubscribe(token: string | null | undefined): Promise<{ subject: TopicTokenSubject; topic: MessageTopic | null } | null>;
}

export interface ConsentsDeps {
  store: MemberConsentStore;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  /** Counts an unsubscribe on the message it came from. */
  countUnsubscribe: (messageId: string) => D1PreparedStatement;
  secret: string;
  siteUrl: string;
  now: () => Date;
  log: Logger;
}

export function createConsents(deps: ConsentsDeps): Consents {
  const link = async (path: string, subject: TopicTokenSubject) => {
    const url = new URL(path, deps.siteUrl);
    url.searchParams.set("token", await topicToken(deps.secret, subject));
    return url.href;
  };
  const service: Consents = {
    topics: () => deps.store.topics(),
    forUser: (userId) => deps.store.forUser(userId),
    async save(userId, chosen, via, scope) {
      const topics = await deps.store.topics();
      const changes = topics.filter((t) => scope === "all" || chosen.has(t.slug)).map((t) => ({ topic: t.slug, consented: chosen.has(t.slug) }));
      if (changes.length === 0) return;
      await deps.batch([deps.store.record(userId, changes, via, deps.now())]);
      deps.log.info("consents.saved", { via, given: [...chosen] });
    },
    giveStatement(userId, chosen, via) {
      if (chosen.size === 0) return null;
      return deps.store.record(userId, [...chosen].map((topic) => ({ topic, consented: true })), via, deps.now());
    },
    unsubscribeUrl: (subject) => link(TOPIC_UNSUBSCRIBE_PATH, subject),
    choicesUrl: (subject) => link(TOPIC_CHOICES_PATH, subject),
    readToken: (token) => readTopicToken(deps.secret, token),
    async unsubscribe(token) {
      const subject = await service.readToken(token);
      if (!subject) {
        deps.log.warn("consents.unsubscribe_refused", { reason: token ? "bad signature or malformed" : "no token" });
        return null;
      }
      const was = await deps.store.consents(subject.userId, subject.topic);
      const statements = [deps.store.record(subject.userId, [{ topic: subject.topic, consented: false }], "unsubscribe-link", deps.now())];
      if (was && subject.messageId) statements.push(deps.countUnsubscribe(subject.messageId));
      await deps.batch(statements);
      deps.log.info("consents.unsubscribed", { topic: subject.topic, messageId: subject.messageId });
      const topic = (await deps.store.topics()).find((t) => t.slug === subject.topic) ?? null;
      return { subject, topic };
    },
  };
  return service;
}
