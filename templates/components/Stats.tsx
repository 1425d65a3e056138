import { useSite } from '../../src/client/api.ts';

export function Stats() {
  const { stats } = useSite();
  return (
    <section className="stats" aria-label="Results for our clients">
      <dl className="container stats-grid">
        {stats.map((s) => (
          <div key={s.label} className="stat">
            <dt className="stat-label">{s.label}</dt>
            <dd className="stat-value">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
