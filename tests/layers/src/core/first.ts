// Half of an import cycle (tests/unit/layers.test.ts).
import { second } from './second.ts';

export const first = () => second();
