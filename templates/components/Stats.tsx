import { useSite } from '../../src/client/api.ts';
import { formatDay } from '../format.ts';

/** "2026-03" → "March 2026", a day as formatDay gives it ("15 March 2026"): when the figure was measured. */
const formatAsOf = (date: string) => (date.length === 7 ? formatDay(`${date}-01`).slice(2) : formatDay(date));

/** The source as the note's sentence goes on after it: without a full stop of its own. */
const sourceText = (source: string) => source.replace(/\.$/, '');

/**
 * The figures' band under the hero (StatsBand.tsx's part), rendered on the server only (parts/Stats.server.tsx):
 * each figure, with a numbered link to its note under the band that says where it comes from and when
 * (site.yaml's source and asOf). A figure without a source has no note, and so no number.
 */
export function Stats() {
  const { stats } = useSite();
  let count = 0;
  const numbers = stats.map((s) => (s.source ? ++count : undefined));
  return (
    <section className="stats" aria-label="Results for our clients">
      <dl className="container stats-grid">
        {stats.map((s, i) => (
          <div key={s.label} className="stat">
            <dt className="stat-label">{s.label}</dt>
            <dd className="stat-value">
              <span className="stat-figure">
                {s.value}
                {numbers[i] && (
                  <sup className="stat-ref">
                    <a id={`stat-ref-${numbers[i]}`} href={`#stat-note-${numbers[i]}`} aria-label={`Source ${numbers[i]}`}>
                      {numbers[i]}
                    </a>
                  </sup>
                )}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {count > 0 && (
        <ol className="container stat-notes">
          {stats.map((s, i) =>
            s.source ? (
              // Focusable, so that following a figure's link takes the keyboard and screen reader there too.
              <li key={s.label} id={`stat-note-${numbers[i]}`} tabIndex={-1}>
                Source: {s.sourceUrl ? <a href={s.sourceUrl}>{sourceText(s.source)}</a> : sourceText(s.source)}
                {s.asOf && (
                  <>
                    , as of <time dateTime={s.asOf}>{formatAsOf(s.asOf)}</time>
                  </>
                )}
                .{' '}
                <a href={`#stat-ref-${numbers[i]}`} className="stat-back" aria-label={`Back to figure ${numbers[i]}`}>
                  <span aria-hidden="true">↩</span>
                </a>
              </li>
            ) : null,
          )}
        </ol>
      )}
    </section>
  );
}
