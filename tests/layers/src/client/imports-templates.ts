// Breaks the client layer: the runtime imports the site's templates (tests/unit/layers.test.ts).
import { title } from '../../templates/page.ts';

export const shown = title;
