/**
 * Wall-clock times on a named time zone's clock (an event's `timeZone`), turned into instants.
 * Pure, with no environment: the platform's Intl data knows each zone's offsets.
 */

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (milliseconds as if it were UTC) names on `timeZone`'s clock: the
 * zone's offset at the wall-clock time, then once more at the instant found (a change of clocks in between).
 */
export function instantOnClock(wallClock: number, timeZone: string): number {
  const guess = wallClock - zoneOffset(wallClock, timeZone);
  return wallClock - zoneOffset(guess, timeZone);
}
