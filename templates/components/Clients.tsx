import { useSite } from '../../src/client/api.ts';
import { Picture } from './Picture.tsx';

export function Clients() {
  const { clients } = useSite();
  return (
    <section className="clients" id="clients" aria-labelledby="clients-title">
      <div className="container">
        <h2 id="clients-title" className="section-title">
          {clients.title}
        </h2>
        <ul className="logo-grid">
          {clients.logos.map((logo) => (
            <li key={logo.name}>
              <Picture image={logo.image} alt={logo.name} width={128} height={48} loading="lazy" />
            </li>
          ))}
        </ul>
        <p className="clients-text">{clients.text}</p>
      </div>
    </section>
  );
}
