// A template that reaches past src/client/api.ts into the runtime (tests/unit/layers.test.ts).
import { runtime } from '../src/client/runtime.ts';

export const title = `${runtime} page`;
