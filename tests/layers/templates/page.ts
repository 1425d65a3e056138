// A template that reaches past src/client/api.ts into the runtime (tests/integration/layers.test.ts).
import { runtime } from '../src/client/runtime.ts';

export const title = `${runtime} page`;
