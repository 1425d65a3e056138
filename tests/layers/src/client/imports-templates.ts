// Breaks the client layer: the runtime imports the site's templates (tests/integration/layers.test.ts).
import { title } from '../../templates/page.ts';

export const shown = title;
