// The other half of the cycle.
import { first } from './first.ts';

export const second = (): unknown => first;
