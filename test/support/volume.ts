/** How much the volume project's CMS holds beyond the demo content (cms/scripts/seed-volume.js). */
export const VOLUME = { articles: 2500, pages: 2500, webinars: 1100, bundles: 1100, memberships: 1100 } as const;

/** The seeded entries' slugs: four digits, from 0001. */
export const volumeSlug = (kind: "article" | "page" | "webinar" | "bundle" | "membership", n: number) => `volume-${kind}-${String(n).padStart(4, "0")}`;

/** Seeded pages alternate types: odd numbers are Patients pages, even Professionals. */
export const volumePageType = (n: number) => (n % 2 === 1 ? "patients" : "professionals");
