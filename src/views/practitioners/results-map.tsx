/**
 * A small map of a search's results, drawn on the server as SVG from the positions we already
 * hold: the search's point in the middle, rings at round distances, and each result's nearest
 * practice as a numbered marker matching the list. No outside tiles or outline (none can be
 * fetched at run time, and no coastline data is shipped), so it says what it is: where the
 * practices are from the search's point, north up. The list stays the primary content; the map's
 * text alternative names every marker.
 */
import type { Position, SearchOrigin, SearchResult } from "../../domain/practitioners";
import { formatDistance, KM_PER_MILE } from "../../shared/geo";

const SIZE = 240;
const CENTRE = SIZE / 2;
/** Room for the outer ring's label and the markers at its edge. */
const RADIUS = CENTRE - 16;
const KM_PER_DEGREE = 111.195;

/** Round ring distances in the unit the visitor reads (miles in Great Britain). */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500];

/** East and north of the origin in kilometres: flat enough at the distances a search covers. */
export function offsetKm(origin: Position, point: Position): { east: number; north: number } {
  return {
    east: (point.lng - origin.lng) * KM_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180),
    north: (point.lat - origin.lat) * KM_PER_DEGREE,
  };
}

/** The outer ring: the first round distance that holds every marker. */
export function outerRingKm(farthestKm: number, country: string): number {
  const unit = country === "GB" ? KM_PER_MILE : 1;
  const step = STEPS.find((s) => s * unit >= farthestKm) ?? STEPS.at(-1)!;
  return step * unit;
}

export interface ResultsMapProps {
  origin: SearchOrigin;
  results: readonly SearchResult[];
}

export function ResultsMap({ origin, results }: ResultsMapProps) {
  const placed = results
    .map((result, i) => ({ number: i + 1, result, position: result.nearest.position }))
    .filter((m): m is typeof m & { position: Position } => m.position !== null && Number.isFinite(m.result.distanceKm));
  // One marker at the search's point tells nothing a list does not.
  if (placed.length < 2) return null;
  const offsets = placed.map((m) => offsetKm(origin.position, m.position));
  const ringKm = outerRingKm(Math.max(...offsets.map((o) => Math.hypot(o.east, o.north)), 0.1), origin.country);
  const scale = RADIUS / ringKm;
  const at = (o: { east: number; north: number }) => ({ x: CENTRE + o.east * scale, y: CENTRE - o.north * scale });
  const description = `Where the practices are from ${origin.label}, north at the top, within ${formatDistance(ringKm, origin.country)}: ${placed
    .map((m, i) => `${m.number}, ${m.result.listing.displayName}, ${formatDistance(m.result.distanceKm, origin.country)} ${compass(offsets[i]!)}`)
    .join("; ")}.`;
  return (
    <figure className="practitioners__map">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} role="img" aria-labelledby="results-map-title">
        <title id="results-map-title">{description}</title>
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS} className="map__ring" />
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS / 2} className="map__ring" />
        <text x={CENTRE} y={CENTRE - RADIUS - 4} className="map__label" textAnchor="middle">
          N · {formatDistance(ringKm, origin.country)}
        </text>
        <path d={`M${CENTRE - 5} ${CENTRE}h10M${CENTRE} ${CENTRE - 5}v10`} className="map__origin" />
        {placed
          .map((m, i) => ({ m, p: at(offsets[i]!) }))
          .reverse()
          .map(({ m, p }) => (
            <g key={m.number} className="map__marker">
              <circle cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r={9} />
              <text x={p.x.toFixed(1)} y={(p.y + 4).toFixed(1)} textAnchor="middle">
                {m.number}
              </text>
            </g>
          ))}
      </svg>
      <figcaption>The numbers match the list. + is {origin.label}; the rings are at {formatDistance(ringKm / 2, origin.country)} and {formatDistance(ringKm, origin.country)}.</figcaption>
    </figure>
  );
}

/** Which way a practice lies, in words (eight points). */
export function compass(o: { east: number; north: number }): string {
  if (Math.hypot(o.east, o.north) < 0.5) return "here";
  const names = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
  const bearing = (Math.atan2(o.east, o.north) * 180) / Math.PI;
  return names[Math.round(((bearing + 360) % 360) / 45) % 8]!;
}
