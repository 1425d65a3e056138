// The dates the catalogue writes (an alternatives page's review, a figure's or a result's "as of"): none may be
// later than the maintainer's today, which may already be tomorrow in UTC east of Greenwich.

/** The day after a YYYY-MM-DD day: the latest a date written today anywhere can be. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
