// The list of case studies (/cases/) or one of them (/cases/{slug}/): rendered on the server only (Prerendered.tsx,
// bundle.ts), like a service's description.
import { Link, useSite } from '../../src/client/api.ts';
import type { CaseStudy } from '../../src/model/model.ts';
import { CaseCards, clientLine } from '../components/CaseCard.tsx';
import { RichText } from '../components/RichText.tsx';
import type { CasesData } from '../data.ts';
import { formatAsOf } from '../format.ts';
import { mailBody, mailtoHref, projectTemplate } from '../mail.ts';

export default function CaseStudies({ data }: { data: CasesData | undefined }) {
  if (!data) throw new Error('A case study page rendered without its data');
  if ('list' in data) {
    return (
      <>
        <h1 className="page-title">Case studies</h1>
        <p className="lead">What campaigns with us achieved, each figure with its source and the date it was measured.</p>
        <CaseCards cases={data.list} headingLevel={2} />
      </>
    );
  }
  return <Study study={data.study} />;
}

function Study({ study }: { study: CaseStudy }) {
  return (
    <article className="case-study" aria-labelledby="case-title">
      <p className="case-kicker">
        <Link to="/cases/">Case studies</Link>
        {study.example && <span className="case-example-badge">Example case study</span>}
      </p>
      <h1 id="case-title" className="page-title">
        {study.title}
      </h1>
      <p className="case-client">{clientLine(study)}</p>
      <p className="lead">{study.summary}</p>
      <section aria-labelledby="case-results-title" className="case-results">
        <h2 id="case-results-title" className="section-title">
          Results
        </h2>
        <dl className="case-results-grid">
          {study.results.map((r, i) => (
            <div key={i} className="case-result">
              <dt className="case-result-label">{r.label}</dt>
              <dd className="case-result-value">{r.figure}</dd>
              <dd className="case-result-source">
                Source: {r.source}, <time dateTime={r.asOf}>{formatAsOf(r.asOf)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {study.quote && (
        <figure className="case-quote">
          <blockquote>
            <p>{study.quote.text}</p>
          </blockquote>
          <figcaption>
            {study.quote.author}, {study.quote.role}
          </figcaption>
        </figure>
      )}
      <RichText className="prose case-story" tree={study.tree} />
      <section aria-labelledby="case-services-title" className="case-services">
        <h2 id="case-services-title" className="section-title">
          Services used
        </h2>
        <ul>
          {study.services.map((s) => (
            <li key={s.id}>
              <Link to={s.route}>{s.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <NextStep study={study} />
      <p className="case-disclosure" role="note">
        <strong>Disclosure:</strong> {study.disclosure}
      </p>
    </article>
  );
}

/** The way on from a case: a mail asking for the same campaign, or its services' pages. */
function NextStep({ study }: { study: CaseStudy }) {
  const { contact, brand } = useSite();
  const subject = `A campaign like "${study.title}"`;
  const body = mailBody([`Hello ${brand},`, '', `We read your case study "${study.title}" and would like a campaign like it.`, '', ...projectTemplate(contact)]);
  return (
    <div className="case-next">
      <h2 className="section-title">Plan a campaign like this</h2>
      <p>Tell us about your project: we answer with a plan and a quote for the services above, or others that fit it better.</p>
      <a className="button button-primary" href={mailtoHref(contact.email, subject, body)}>
        Email us about a campaign like this
      </a>
    </div>
  );
}
