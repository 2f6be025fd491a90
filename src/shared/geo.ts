/**
 * Distances on the Earth for the practitioner search. A point is kept as its place on the unit
 * sphere (x, y, z): the straight-line (chord) distance between two such points grows with the
 * great-circle distance, so D1 orders practices exactly by distance with arithmetic alone (it
 * has no trigonometry to rely on), and the distance shown is the haversine of the chord.
 */
import type { Position } from "../domain/practitioners";

export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function unitVector({ lat, lng }: Position): { x: number; y: number; z: number } {
  const φ = radians(lat);
  const λ = radians(lng);
  return { x: Math.cos(φ) * Math.cos(λ), y: Math.cos(φ) * Math.sin(λ), z: Math.sin(φ) };
}

/** The squared chord between two unit vectors that are `km` apart along the surface. */
export const chordSquaredFor = (km: number): number => (2 * Math.sin(Math.min(Math.PI, km / EARTH_RADIUS_KM) / 2)) ** 2;

/** The great-circle distance in km for a squared chord. */
export const kmForChordSquared = (chordSquared: number): number => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(Math.max(0, chordSquared)) / 2));

/** Haversine distance in km. */
export function haversineKm(a: Position, b: Position): number {
  const dφ = radians(b.lat - a.lat);
  const dλ = radians(b.lng - a.lng);
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude/longitude box holding every point within `km` of `centre` (the index's prefilter). */
export function boundingBox(centre: Position, km: number): { latMin: number; latMax: number; lngMin: number; lngMax: number } {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosLat = Math.cos(radians(Math.min(89.9, Math.abs(centre.lat) + dLat)));
  const dLng = Math.min(180, dLat / Math.max(cosLat, 1e-6));
  return { latMin: centre.lat - dLat, latMax: centre.lat + dLat, lngMin: centre.lng - dLng, lngMax: centre.lng + dLng };
}

/** A distance as the visitor's country measures it: miles in the UK, kilometres elsewhere. */
export function formatDistance(km: number, country: string): string {
  const miles = country === "GB";
  const value = miles ? km / KM_PER_MILE : km;
  const unit = miles ? "mile" : "km";
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return miles ? `${rounded} ${rounded === 1 ? unit : `${unit}s`}` : `${rounded} ${unit}`;
}
