/**
 * A place's name as the gazetteer is searched by: lower case, accents and punctuation gone,
 * "st" and "saint" alike, single spaces. The gazetteer's loader (scripts/lib/gazetteer.mjs) keys
 * every place with this same function, so what a visitor types and what was loaded agree.
 */
export function placeKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^saint /, "st ")
    .replace(/ saint /g, " st ")
    .replace(/\s+/g, " ");
}
