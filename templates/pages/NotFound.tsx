import { Link } from '../components/links.tsx';
import { Layout } from '../components/Layout.tsx';

export default function NotFound() {
  return (
    <Layout>
      <div className="container page not-found">
        <h1 className="page-title">404 Not Found</h1>
        <p className="lead">Hmm, we couldn't find this page.</p>
        <Link to="/" className="button button-primary">
          Home
        </Link>
      </div>
    </Layout>
  );
}
