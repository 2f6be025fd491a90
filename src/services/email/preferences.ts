/**
 * Which optional messages a reader gets. Transactional messages (receipts, payment and
 * application notices) always go; the optional categories are on until the reader turns them
 * off, here or by a one-click unsubscribe link.
 */
import type { EmailPreferenceStore } from "../../adapters/d1/email-preferences";
import { OPTIONAL_EMAIL_CATEGORIES, type OptionalEmailCategory } from "../../domain/email";
import type { Logger } from "../../log";
import { readUnsubscribeToken, unsubscribeToken, type UnsubscribeSubject } from "./unsubscribe-token";

/** Where one-click unsubscribe links point (GET: a confirmation page; POST: unsubscribes). */
export const UNSUBSCRIBE_PATH = "/email/unsubscribe";

export interface EmailPreferences {
  /** Every optional category, on or off, for this user. */
  preferencesFor(userId: string): Promise<Record<OptionalEmailCategory, boolean>>;
  setPreference(userId: string, category: OptionalEmailCategory, on: boolean): Promise<void>;
  /** Every optional category at once, as the account page's form sends them (a category left out is off). */
  savePreferences(userId: string, chosen: ReadonlySet<OptionalEmailCategory>): Promise<void>;
  /** The absolute one-click unsubscribe link for a user and category. */
  unsubscribeUrl(userId: string, category: OptionalEmailCategory): Promise<string>;
  /** Who and what a token names, or null if it is forged, altered or malformed. */
  readToken(token: string | null | undefined): Promise<UnsubscribeSubject | null>;
  /** Turns the category off for the user a valid token names; null (nothing changed) for any other token. */
  unsubscribe(token: string | null | undefined): Promise<UnsubscribeSubject | null>;
}

export function createEmailPreferences(deps: { store: EmailPreferenceStore; secret: string; siteUrl: string; log: Logger }): EmailPreferences {
  const service: EmailPreferences = {
    async preferencesFor(userId) {
      const stored = await deps.store.forUser(userId);
      return Object.fromEntries(OPTIONAL_EMAIL_CATEGORIES.map((category) => [category, stored.get(category) ?? true])) as Record<OptionalEmailCategory, boolean>;
    },
    setPreference: (userId, category, on) => deps.store.set(userId, category, on),
    async savePreferences(userId, chosen) {
      await Promise.all(OPTIONAL_EMAIL_CATEGORIES.map((category) => deps.store.set(userId, category, chosen.has(category))));
      deps.log.info("email.preferences_saved", { on: [...chosen] });
    },
    async unsubscribeUrl(userId, category) {
      const url = new URL(UNSUBSCRIBE_PATH, deps.siteUrl);
      url.searchParams.set("token", await unsubscribeToken(deps.secret, { userId, category }));
      return url.href;
    },
    readToken: (token) => readUnsubscribeToken(deps.secret, token),
    async unsubscribe(token) {
      const subject = await service.readToken(token);
      if (!subject) {
        deps.log.warn("email.unsubscribe_refused", { reason: token ? "bad signature or malformed" : "no token" });
        return null;
      }
      await deps.store.set(subject.userId, subject.category, false);
      deps.log.info("email.unsubscribed", { category: subject.category });
      return subject;
    },
  };
  return service;
}
