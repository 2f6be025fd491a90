import type { SocietyEvent, TicketOffer } from "../../domain/events";

const ATTENDANCE = { "in-person": "OfflineEventAttendanceMode", online: "OnlineEventAttendanceMode", hybrid: "MixedEventAttendanceMode" } as const;
const STATUS = { scheduled: "EventScheduled", cancelled: "EventCancelled", postponed: "EventPostponed" } as const;

/** schema.org `Event` for search engines: the public facts only (never the joining link). */
export function EventJsonLd({ event, offers, url, organizer }: { event: SocietyEvent; offers: readonly TicketOffer[]; url: string; organizer: string }) {
  const data = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    ...(event.summary ? { description: event.summary } : {}),
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventAttendanceMode: `https://schema.org/${ATTENDANCE[event.format]}`,
    eventStatus: `https://schema.org/${STATUS[event.state]}`,
    url,
    organizer: { "@type": "Organization", name: organizer },
    location: [
      ...(event.venue ? [{ "@type": "Place", name: event.venue.name, ...(event.venue.address ? { address: event.venue.address.replace(/\n/g, ", ") } : {}) }] : []),
      ...(event.format !== "in-person" ? [{ "@type": "VirtualLocation", url }] : []),
    ],
    ...(event.image ? { image: [event.image.url] } : {}),
    offers: offers.map((offer) => ({
      "@type": "Offer",
      name: offer.ticket.name,
      price: (offer.ticket.pence / 100).toFixed(2),
      priceCurrency: "GBP",
      availability: `https://schema.org/${offer.placesLeft === 0 ? "SoldOut" : "InStock"}`,
      url,
    })),
  };
  // "<" escaped so no text in the data can close the script element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
