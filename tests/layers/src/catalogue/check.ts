// Breaks the catalogue layer: it imports the model, which is made from it (tests/integration/layers.test.ts).
import type { Site } from '../model/site.ts';

export const valid = (site: Site) => site.name.length > 0;
