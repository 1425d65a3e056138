// A case study as a card: its lead figure with its source and date, headline, client and period, the whole card
// one link to the case. Used by server-only parts (the list of cases, the home page's featured ones, a service
// page's results), so none of it is in the browser's download.
import { Link } from '../../src/client/api.ts';
import type { CaseSummary } from '../data.ts';
import { formatAsOf } from '../format.ts';

export function CaseCard({ study, headingLevel = 3 }: { study: CaseSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="case-card">
      <p className="case-card-figure">
        <span className="case-card-value">{study.lead.figure}</span> <span className="case-card-label">{study.lead.label}</span>{' '}
        <span className="case-card-source">
          Source: {study.lead.source}, <time dateTime={study.lead.asOf}>{formatAsOf(study.lead.asOf)}</time>
        </span>
      </p>
      <Heading className="case-card-title">
        <Link to={study.route} className="case-card-link">
          {study.title}
        </Link>
      </Heading>
      <p className="case-card-client">{clientLine(study)}</p>
      <p className="case-card-summary">{study.summary}</p>
      {study.example && <p className="case-example-badge">Example case study</p>}
    </li>
  );
}

/** "Example Chain · March to May 2026", or "Under NDA: a DeFi lending protocol · …". */
export const clientLine = (study: Pick<CaseSummary, 'client' | 'nda' | 'period'>) => `${study.nda ? `Under NDA: ${study.client}` : study.client} · ${study.period}`;

/** A list of case cards. */
export function CaseCards({ cases, headingLevel }: { cases: readonly CaseSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="case-grid">
      {cases.map((study) => (
        <CaseCard key={study.route} study={study} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
