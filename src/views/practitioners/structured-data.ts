/** A profile's schema.org data (JSON-LD): a Physiotherapist with each practice's address and position. */
import type { PublicListing } from "../../domain/practitioners";
import { photoPath } from "./photo";

export function profileStructuredData(listing: PublicListing, url: string, societyName: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Physiotherapist",
    name: listing.displayName,
    url,
    ...(listing.professionalTitle ? { jobTitle: listing.professionalTitle } : {}),
    ...(listing.bio ? { description: listing.bio } : {}),
    ...(listing.photo ? { image: new URL(photoPath(listing.id, listing.photo), url).href } : {}),
    memberOf: { "@type": "Organization", name: societyName },
    ...(listing.tags.language.length > 0 ? { knowsLanguage: listing.tags.language.map((l) => l.label) } : {}),
    ...(listing.tags.service.length > 0 ? { medicalSpecialty: listing.tags.service.map((s) => s.label) } : {}),
    location: listing.locations.map((loc) => ({
      "@type": "MedicalBusiness",
      name: loc.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: loc.address,
        addressLocality: loc.town,
        ...(loc.postcode ? { postalCode: loc.postcode } : {}),
        addressCountry: "GB",
      },
      ...(loc.position ? { geo: { "@type": "GeoCoordinates", latitude: loc.position.lat, longitude: loc.position.lng } } : {}),
      ...(loc.phone ? { telephone: loc.phone } : {}),
      ...(loc.website ? { sameAs: loc.website } : {}),
    })),
  };
}

/** JSON for inside a <script> element: nothing in it can close the element. */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
