// A category's own page: its name, description, info line, notice and count, and its services as cards,
// CATEGORY_PAGE_SIZE a page (page 1 at /category/{anchor}/, then /category/{anchor}/page/{n}/).
// The heading and the pagination render from the site shell and the address, in the browser too; the notice
// and the cards are a server-only part, so the card data never ships to the browser.
import { GoToNotFound, Link, Prerendered, type Head, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import { routes } from '../../src/core/routes.ts';
import type { Site } from '../../src/model/model.ts';
import { categoryNav, serviceCard, type SiteShell } from '../../src/model/shell.ts';
import { CategoryChips } from '../components/CategoryChips.tsx';
import { Layout } from '../components/Layout.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Picture } from '../components/Picture.tsx';
import type { CategoryData } from '../data.ts';
import { absolute, breadcrumb, organization, pageHead } from '../head.ts';
import CategoryServices from '../parts/CategoryServices.server.tsx';

export const paths = ['/category/:anchor', '/category/:anchor/page/:page'];
export const options = { prerenderedParts: true };

/** How many services one page of a category shows. */
export const CATEGORY_PAGE_SIZE = 24;

/** How many pages a category of `services` services has (one, even when it is empty). */
export const pageCount = (services: number, size = CATEGORY_PAGE_SIZE) => Math.max(1, Math.ceil(services / size));

/** The page number an address names: 1 without one; undefined for anything but 2, 3, … written plainly. */
export const pageNumber = (param: string | undefined): number | undefined => (param === undefined ? 1 : /^[1-9]\d*$/.test(param) && param !== '1' ? Number(param) : undefined);

export function pages(site: Site): PageSpec<CategoryData>[] {
  const size = CATEGORY_PAGE_SIZE;
  return site.categories.flatMap((c) => {
    const category = { ...categoryNav(c), notice: c.notice };
    const count = pageCount(c.services.length);
    return Array.from({ length: count }, (_, i) => ({
      route: routes.category(c.anchor, i + 1),
      data: { category, page: i + 1, pages: count, first: i * size, services: c.services.slice(i * size, (i + 1) * size).map(serviceCard) },
    }));
  });
}

const servicesCount = (n: number) => `${n} ${n === 1 ? 'service' : 'services'}`;

export function head(page: Page<CategoryData>, site: SiteShell): Head {
  const { category, page: number, pages: count, first, services } = page.data!;
  const suffix = number > 1 ? ` – page ${number}` : '';
  const crumbs = [
    { name: 'Home', route: '/' },
    { name: category.name, route: category.pageRoute },
    ...(number > 1 ? [{ name: `Page ${number}`, route: page.route }] : []),
  ];
  return {
    ...pageHead(page, site, {
      title: `${category.name} services${suffix} | ${site.brand}`,
      description: `${category.description}${suffix}`,
      jsonLd: [
        organization(site),
        breadcrumb(site, crumbs),
        {
          '@type': 'OfferCatalog',
          name: category.name,
          url: absolute(site, category.pageRoute),
          numberOfItems: category.count,
          itemListElement: services.map((s, i) => ({ '@type': 'ListItem', position: first + i + 1, url: absolute(site, s.route), name: s.name })),
        },
      ],
    }),
    links: [
      ...(number > 1 ? [{ rel: 'prev' as const, href: absolute(site, routes.category(category.anchor, number - 1)) }] : []),
      ...(number < count ? [{ rel: 'next' as const, href: absolute(site, routes.category(category.anchor, number + 1)) }] : []),
    ],
  };
}

export default function Category({ site, data, params }: PageProps<CategoryData>) {
  const category = site.categories.find((c) => c.anchor === params?.anchor);
  const page = pageNumber(params?.page);
  const total = category && pageCount(category.count);
  if (!category || !total || page === undefined || page > total) return <GoToNotFound />;
  const first = (page - 1) * CATEGORY_PAGE_SIZE;
  return (
    <Layout>
      <CategoryChips mode="pages" current={category.anchor} />
      <div className="container category-page">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>{page > 1 ? <Link to={category.pageRoute}>{category.name}</Link> : <span aria-current="page">{category.name}</span>}</li>
            {page > 1 && (
              <li>
                <span aria-current="page">{`Page ${page}`}</span>
              </li>
            )}
          </ol>
        </nav>
        <header className="category-page-intro">
          <Picture className="category-page-icon" image={category.icon} alt="" width={32} height={32} />
          <div>
            <h1 className="page-title category-page-title">{category.name}</h1>
            <p className="category-page-lead">{category.description}</p>
            {category.info && <p className="category-page-info">{category.info}</p>}
          </div>
        </header>
        <p className="category-page-count">
          <strong>{servicesCount(category.count)}</strong>
          {total > 1 && ` · showing ${first + 1}–${Math.min(first + CATEGORY_PAGE_SIZE, category.count)}, page ${page} of ${total}`}
        </p>
        <Prerendered as="div" name="category" className="category-page-services">
          {() => <CategoryServices data={data} />}
        </Prerendered>
        <Pagination page={page} pages={total} href={(n) => routes.category(category.anchor, n)} />
      </div>
    </Layout>
  );
}
