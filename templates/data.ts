// The data the page kinds with prerendered parts render from, on the server only: made by each kind's
// `pages` (templates/pages/), read by its server-only parts (templates/parts/).
import type { AlternativeContent, CaseStudy, Organisation, Service } from '../src/model/model.ts';
import type { TreeNode } from '../src/core/tree.ts';
import type { CategoryNav, ServiceCard } from '../src/model/shell.ts';

export interface HomeData {
  categories: (CategoryNav & { services: ServiceCard[] })[];
  /** The case studies marked featured. */
  featuredCases: CaseSummary[];
}

export interface ServiceData {
  service: Service;
  category: CategoryNav & { notice?: string };
  /** "Often booked with": the services of `service.related`, as cards. */
  related: ServiceCard[];
  /** "Results with this service": the case studies that used it. */
  cases: CaseSummary[];
}

/** A case study as its card shows it: the list of case studies, the home page, a service page. */
export type CaseSummary = Pick<CaseStudy, 'route' | 'title' | 'summary' | 'client' | 'nda' | 'period' | 'example'> & { lead: CaseStudy['results'][number] };

export const caseSummary = ({ route, title, summary, client, nda, period, example, results }: CaseStudy): CaseSummary => ({ route, title, summary, client, nda, period, example, lead: results[0]! });

/** The list of case studies (/cases/), or one of them (/cases/{slug}/): templates/pages/cases.tsx. */
export type CasesData = { list: CaseSummary[] } | { study: CaseStudy };

export interface SitemapData {
  /** Each category with its page's route (/category/{anchor}/) and its services. */
  categories: { name: string; anchor: string; route: string; services: { name: string; route: string }[] }[];
}

/** One page of a category's services (templates/pages/category.tsx): page 1 at /category/{anchor}/, then /page/{n}/. */
export interface CategoryData {
  category: CategoryNav & { notice?: string };
  /** This page's number, from 1. */
  page: number;
  /** How many pages the category has. */
  pages: number;
  /** The position in the category of this page's first service, from 0. */
  first: number;
  services: ServiceCard[];
}

/** An alternatives page with content of its own (templates/pages/alternatives.tsx); the others have no data. */
export interface AlternativeData {
  /** The competitor's display name. */
  name: string;
  content: AlternativeContent;
}

/** A page of the site's own (pages/{slug}.md): what its head and its text are made of. */
export interface PageData {
  title: string;
  description: string;
  tree: TreeNode[];
  /** site.yaml's organisation, for a page with `show: organisation`. */
  organisation?: Organisation;
}
