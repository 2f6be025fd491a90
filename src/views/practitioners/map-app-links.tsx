/**
 * "Open in your map app" for a practice: a geo: link (the phone's own map app) and an
 * OpenStreetMap link for a browser. We fetch nothing from either; the visitor's device does, if
 * they follow the link. A practice placed at its town's centre says so: the pin is the town's.
 */
import type { PlacedBy, Position } from "../../domain/practitioners";

/** A geo: URI (RFC 5870) with the practice's name as the label map apps show. */
export const geoUri = (p: Position, label: string) => `geo:${p.lat.toFixed(5)},${p.lng.toFixed(5)}?q=${p.lat.toFixed(5)},${p.lng.toFixed(5)}(${encodeURIComponent(label)})`;

export const openStreetMapUrl = (p: Position) => `https://www.openstreetmap.org/?mlat=${p.lat.toFixed(5)}&mlon=${p.lng.toFixed(5)}#map=${16}/${p.lat.toFixed(5)}/${p.lng.toFixed(5)}`;

export function MapAppLinks({ name, town, position, placedBy }: { name: string; town: string; position: Position; placedBy: PlacedBy }) {
  return (
    <p className="practitioner-profile__map-links">
      <a href={geoUri(position, name)}>Open in your map app</a> · <a href={openStreetMapUrl(position)} rel="nofollow noopener">See it on OpenStreetMap</a>
      {placedBy === "town" ? <span className="hint"> (the pin is the centre of {town}: check the address above)</span> : null}
    </p>
  );
}
