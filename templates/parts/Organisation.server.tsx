// The agency's legal identity and team (site.yaml's organisation), under the text of a page whose front matter
// says `show: organisation` (pages/about.md): rendered on the server only, inside the page's text part, so it
// costs the browser no code.
import type { Organisation as OrganisationData } from '../../src/model/model.ts';
import { addressLine } from '../organisation.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0]!.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');

export default function Organisation({ organisation }: { organisation: OrganisationData }) {
  const { team } = organisation;
  return (
    <>
      <section aria-labelledby="company-details" className="organisation">
        <h2 id="company-details">Company details</h2>
        <dl className="organisation-facts">
          <div>
            <dt>Legal name</dt>
            <dd>{organisation.legalName}</dd>
          </div>
          <div>
            <dt>Company number</dt>
            <dd>{organisation.companyNumber}</dd>
          </div>
          {organisation.registry && (
            <div>
              <dt>Register</dt>
              <dd>{organisation.registry}</dd>
            </div>
          )}
          <div>
            <dt>Registered office</dt>
            <dd>
              <address>{addressLine(organisation.address)}</address>
            </dd>
          </div>
          <div>
            <dt>Founded</dt>
            <dd>{organisation.founded}</dd>
          </div>
        </dl>
      </section>
      {team.length > 0 && (
        <section aria-labelledby="our-team" className="organisation">
          <h2 id="our-team">Our team</h2>
          <ul className="team">
            {team.map((member) => (
              <li key={member.name} className="team-member">
                {member.photo ? (
                  // The name is written under it: an alt text saying it again was read twice (WCAG H2).
                  <img className="team-photo" src={member.photo} alt="" width={96} height={96} loading="lazy" decoding="async" />
                ) : (
                  // Without a photo, the initials hold its place, so the cards line up.
                  <span className="team-photo team-initials" aria-hidden="true">
                    {initials(member.name)}
                  </span>
                )}
                <p className="team-name">{member.name}</p>
                <p className="team-role">{member.role}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
