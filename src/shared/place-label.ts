/** A place as the search shows it: with its county where that says more ("Newport, Isle of Wight"). */
import type { Place } from "../domain/practitioners";
import { placeKey } from "./place-key";

export const placeLabel = (place: Place): string => (place.county && placeKey(place.county) !== placeKey(place.name) ? `${place.name}, ${place.county}` : place.name);
