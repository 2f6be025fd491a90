/** A choice's key from its words ("Women's health" -> "womens-health"): what addresses and the database hold. */
export const choiceKey = (label: string): string =>
  label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
