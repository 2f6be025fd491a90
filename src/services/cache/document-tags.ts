/**
 * Purges of one document (decision 0059). An editor's change to one general page or article
 * should outdate only what shows it, not every cached page. A cached answer of an operation
 * that shows documents one by one (its `documentModels`: a page by its address, the layout's
 * links to pages) carries tags: one per document it holds, and, for a lookup, one for the
 * address it looked at (so a cached "not found" there is outdated when a page is published at
 * it, and a page that moves leaves its old address). A purge naming the document moves those two
 * tags' generations instead of the whole operation's; lists the document could join or leave are
 * still purged whole.
 *
 * Tags travel through the purge batches beside operation names, marked by a prefix no operation
 * name has.
 */
const TAG = "tag:";

export const isTag = (item: string): boolean => item.startsWith(TAG);

/** The tag of a document, by its documentId (unique across the CMS's models). */
export const documentTag = (documentId: string): string => `${TAG}doc:${documentId}`;

/** The tag of an address of `model` (a general page's `type/slug`, in lower case; an article's slug). */
export const addressTag = (model: string, address: string): string => `${TAG}${model}@${address}`;

/** The tags of a cached answer: the documents it holds, and the address it was looked up at. */
export function answerTags(documentIds: readonly string[], lookup: { model: string; address: string } | null): string[] {
  const tags = documentIds.map(documentTag);
  if (lookup) tags.push(addressTag(lookup.model, lookup.address));
  return tags;
}
