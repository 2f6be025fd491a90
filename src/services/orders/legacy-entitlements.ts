/**
 * Entitlements granted before the site keyed webinars by their CMS documentId hold the published
 * row's numeric id instead, which Strapi replaces on every publish (docs/decisions/0074). Such an
 * id is honoured while it is still the webinar's current row id: the owned set then also holds the
 * webinar's documentId, so every check compares documentIds only. A documentId is never all digits.
 */
const LEGACY_ID = /^\d+$/;

export const holdsLegacyIds = (owned: ReadonlySet<string>): boolean => [...owned].some((id) => LEGACY_ID.test(id));

/** `owned` with the documentId of each webinar whose current numeric id it holds. */
export function withDocumentIds(owned: ReadonlySet<string>, webinars: readonly { id: string; legacyId?: string }[]): Set<string> {
  const lasting = new Set(owned);
  for (const webinar of webinars) if (webinar.legacyId && owned.has(webinar.legacyId)) lasting.add(webinar.id);
  return lasting;
}
