// What the unit tests need of the example's templates: the prerenderer (page kinds, their pages and heads) and
// the routes of the pages the catalogue does not make, which validation checks links against.
import type { CatalogueSource } from '../../src/catalogue/load.ts';
import { validateCatalogue, type ValidateOptions } from '../../src/catalogue/validate.ts';
import { bundleRenderer } from '../../src/build/bundle.ts';
import { fixedRoutes } from '../../src/client/routeTable.ts';

export const prerenderer = () => bundleRenderer();

export const pageRoutes = async () => fixedRoutes((await prerenderer()).kindInfo);

/** validateCatalogue with the example templates' page routes. */
export const validate = async (source: CatalogueSource, options: Omit<ValidateOptions, 'pageRoutes'> = {}) =>
  validateCatalogue(source, { pageRoutes: await pageRoutes(), ...options });
