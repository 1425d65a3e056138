// Half of an import cycle (tests/integration/layers.test.ts).
import { second } from './second.ts';

export const first = () => second();
