/**
 * What a purge means, as pure rules over the content generations (adapters/kv/content-generations.ts).
 * A purge is a new version; the operations it touches take that version as their generation.
 * An entry loaded when its operation's generation was g is current while the generation is
 * still g; after a purge it is outdated: served only while its replacement loads, or when the
 * CMS fails (read-through.ts).
 */
import type { ContentGenerations } from "../../adapters/kv/content-generations";
import { isTag } from "./document-tags";

/** The generation of values derived from several operations: every purge moves it (but a purge of derived values' own markers alone). */
export const DERIVED_GENERATION = "derived";

/**
 * The marker of one derived value's content: moved only when a recomputation of that value
 * gave something else than before. What shows the value (a page kept at the edge) depends on
 * this, not on the value's inputs, so a purge that leaves the value as it was retires nothing.
 */
export const derivedMarker = (name: string): string => `${DERIVED_GENERATION}:${name}`;

/**
 * The marker of the site search's index (in D1, not the content cache): a search page depends on
 * it, and the indexer purges it each time it changes the index (services/search/indexer.ts), so
 * a page kept with the previous results is retired then, not when its minute is up.
 */
export const SEARCH_INDEX_MARKER = "index:search";

/** A marker (a derived value's, or the search index's) says something changed, not which content to load again. */
const isMarker = (item: string): boolean => item.startsWith(`${DERIVED_GENERATION}:`) || item === SEARCH_INDEX_MARKER;

export const generationOf = (generations: ContentGenerations, operation: string): number => generations.operations[operation] ?? 0;

/** The generation of one thing content depends on: an operation (or a derived value's marker), or a document's or an address's tag. */
export const generationOfItem = (generations: ContentGenerations, item: string): number =>
  isTag(item) ? (generations.tags?.[item] ?? 0) : generationOf(generations, item);

/** The latest purge of any of `items`: something built from them before that purge is outdated. */
export const latestPurgeOf = (generations: ContentGenerations, items: Iterable<string>): number => {
  let latest = 0;
  for (const item of items) latest = Math.max(latest, generationOfItem(generations, item));
  return latest;
};

/**
 * The generation an entry must have been loaded under to be current: its operation's, or a
 * later purge of one of the documents or addresses it is tagged with.
 */
export function requiredGeneration(generations: ContentGenerations, operation: string, tags: readonly string[] | undefined): number {
  return Math.max(generationOf(generations, operation), latestPurgeOf(generations, tags ?? []));
}

/**
 * The generations after a purge of `purged` (operation names and document tags), from the
 * latest value known. The version is a millisecond clock reading, kept strictly increasing, so
 * a version is never used twice even if the stored value was lost or a second writer raced this
 * one. A tag older than `retainTagsMs` is dropped: no entry loaded before it is still alive, so
 * the value stays as small as the documents edited within an entry's lifetime.
 */
export function afterPurge(latest: ContentGenerations, purged: readonly string[], now: number, retainTagsMs = Number.POSITIVE_INFINITY): ContentGenerations {
  const version = Math.max(latest.version + 1, now);
  const operations = purged.filter((item) => !isTag(item));
  const tags = purged.filter(isTag);
  // A derived value's marker moves because the value was just recomputed, and the search index's
  // reads no content: neither need derived values recomputed.
  const derived = purged.length > 0 && purged.every(isMarker) ? [] : [DERIVED_GENERATION];
  const touched = Object.fromEntries([...operations, ...derived].map((operation) => [operation, version]));
  const next: ContentGenerations = { version, operations: { ...latest.operations, ...touched } };
  const kept = Object.entries(latest.tags ?? {}).filter(([, at]) => at >= now - retainTagsMs);
  if (kept.length > 0 || tags.length > 0) next.tags = { ...Object.fromEntries(kept), ...Object.fromEntries(tags.map((tag) => [tag, version])) };
  return next;
}
