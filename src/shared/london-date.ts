/** The calendar day (YYYY-MM-DD) of `moment` in London, where the society's staff work. */
const LONDON_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

export const londonDate = (moment: Date): string => LONDON_DATE.format(moment);
